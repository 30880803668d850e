import type { ProductUpdateRequest, VariantCreateRequest } from '@buyloop/contracts/catalogue/products';
import type { VariantInput } from '../service';

/** The service's input from the request's snake_case (absent fields stay absent). */
export function variantInputOf(body: ProductUpdateRequest & { code?: string }): Partial<VariantInput> {
  return {
    code: body.code,
    ean: body.ean,
    colour: body.colour,
    capacity: body.capacity,
    quality: body.quality,
    grade: body.grade,
    longName: body.long_name,
    shortName: body.short_name,
    vatRate: body.vat_rate,
    preOrder: body.pre_order,
    electronicLicence: body.electronic_licence,
    externalStock: body.external_stock,
    legalWarrantyMonths: body.legal_warranty_months,
    kind: body.kind,
    extensionMonths: body.extension_months,
  };
}

export const variantCreateInputOf = (body: VariantCreateRequest): VariantInput => {
  const input = variantInputOf(body);
  // Absent means the default; undefined keys would hide it in the spread of variantFields.
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as unknown as VariantInput;
};
