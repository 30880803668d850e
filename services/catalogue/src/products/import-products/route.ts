import express from 'express';
import { actorOf, json, ownSession, type SecuredRouter } from '@buyloop/http';
import { RequestRefused, ValidationError } from '@buyloop/kit';
import { PRODUCT_IMPORT_COLUMNS, productImportResultSchema } from '@buyloop/contracts/catalogue/products';
import { responses, type ProductsRouteDeps } from '../http/route-deps';
import { IMPORT_COLUMNS_MISSING } from './csv';
import { importProducts } from './import';

const CSV_LIMIT = '5mb';
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv'];

export function importProductsRoute(r: SecuredRouter, deps: ProductsRouteDeps): void {
  r.post(
    '/api/admin/catalogue/import/products',
    'catalogue.manage',
    {
      summary: 'Import master products and their catalogue products from a CSV, all or nothing',
      description: `One row per catalogue product; rows with the same master_seo_name make one master (a live master with that seo_name gets the new variants). Required columns: ${PRODUCT_IMPORT_COLUMNS.join(', ')}. Only a CSV with every required column is accepted; a refusal lists every error under \`errors\` keyed \`line_<n>.<column>\` and nothing is written. Sending the same file again after an interrupted import finishes it.`,
      rawBody: { mediaTypes: CSV_TYPES, description: 'The CSV (UTF-8, `;` or `,`), up to 5 MB' },
      responses: {
        200: json('Imported', productImportResultSchema),
        400: responses.invalid,
        409: responses.conflict,
        415: responses.invalid,
      },
    },
    express.text({ type: CSV_TYPES, limit: CSV_LIMIT }),
    async (req, res) => {
      ownSession(res);
      if (typeof req.body !== 'string')
        throw new RequestRefused(
          415,
          'catalogue.product.import.not_csv',
          'Only CSV files are accepted',
          'Send the products as text/csv',
        );
      const result = await importProducts(deps.service, req.body, actorOf(req, res));
      if (!result.ok) {
        const errors: Record<string, string[]> = {};
        // A row's message parameters (the first line of a repeated code) under the row's own key, which the problem's messages read.
        const params: Record<string, string | number> = {
          missing_columns: result.missingColumns.join(', '),
          columns: result.missingColumns.join(', '),
          bad_rows: new Set(result.errors.map((error) => error.line)).size,
        };
        if (result.missingColumns.length > 0) errors.file = [IMPORT_COLUMNS_MISSING];
        for (const error of result.errors) {
          const key = `line_${error.line}${error.column ? `.${error.column}` : ''}`;
          (errors[key] ??= []).push(error.code);
          for (const [name, value] of Object.entries(error.params ?? {})) params[`${key}.${name}`] = value;
        }
        throw new ValidationError('validation.failed', errors, 'The CSV cannot be imported', params);
      }
      await deps.settle(result.checkpoint);
      res.set('Cache-Control', 'no-store').json({
        masters_created: result.mastersCreated,
        products_created: result.productsCreated,
        rows: result.rows,
      });
    },
  );
}
