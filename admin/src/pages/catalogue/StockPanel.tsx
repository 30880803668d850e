import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/lang';
import type { MessageKey } from '../../i18n';
import { get, keys, paths, send } from './api';
import { wholeAmount } from './forms';
import { useLocations } from './hooks';
import type { LocationView, ProductStockView } from './types';
import { FormErrors, LoadState, SelectField, TextField, useForm } from './ui';

export const STOCK_STATE_LABELS: Readonly<Record<ProductStockView['state'], MessageKey>> = {
  in_stock: 'cat.stock.state.in_stock',
  last_pieces: 'cat.stock.state.last_pieces',
  in_store: 'cat.stock.state.in_store',
  on_order: 'cat.stock.state.on_order',
  unavailable: 'cat.stock.state.unavailable',
};

/** A variant's stock per location (on hand, reserved, available), with the receipt and count forms. */
export function StockPanel({ code, canManage }: { code: string; canManage: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState<'receipt' | 'count' | null>(null);
  const locations = useLocations();
  const stock = useQuery({
    queryKey: keys.stock(code),
    queryFn: ({ signal }) => get<ProductStockView>(paths.stock(code), signal),
  });
  const rows = stock.data?.locations ?? [];
  const state = stock.data?.state;

  return (
    <section className="card" aria-labelledby="stock-title" data-testid="stock-panel">
      <div className="card-head">
        <h2 className="card-title" id="stock-title">
          {t('cat.stock.title')}{' '}
          {state && (
            <span className={`tag ctl-stock-${state}`} data-testid="stock-state">
              {t(STOCK_STATE_LABELS[state])}
            </span>
          )}
        </h2>
        {canManage && (
          <div className="row-buttons">
            <button
              type="button"
              className="btn btn-small"
              aria-expanded={open === 'receipt'}
              onClick={() => setOpen(open === 'receipt' ? null : 'receipt')}
              data-testid="stock-receipt-open"
            >
              {t('cat.stock.receipt')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              aria-expanded={open === 'count'}
              onClick={() => setOpen(open === 'count' ? null : 'count')}
              data-testid="stock-count-open"
            >
              {t('cat.stock.count')}
            </button>
          </div>
        )}
      </div>
      {open === 'receipt' && <ReceiptForm code={code} locations={locations.data ?? []} onClose={() => setOpen(null)} />}
      {open === 'count' && <CountForm code={code} locations={locations.data ?? []} onClose={() => setOpen(null)} />}
      <LoadState
        pending={stock.isPending}
        error={stock.error}
        retry={() => void stock.refetch()}
        empty={rows.length === 0}
        emptyText={t('cat.stock.none')}
      />
      {stock.data && rows.length > 0 && (
        <div className="table-scroll">
          <table className="table" data-testid="stock-table">
            <thead>
              <tr>
                <th scope="col">{t('cat.stock.location')}</th>
                <th scope="col" className="num">
                  {t('cat.stock.on_hand')}
                </th>
                <th scope="col" className="num">
                  {t('cat.stock.reserved')}
                </th>
                <th scope="col" className="num">
                  {t('cat.stock.available')}
                </th>
                <th scope="col">{t('cat.field.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.location} data-location={row.location}>
                  <th scope="row">
                    {row.name}{' '}
                    <span className="muted small">
                      ({t(row.kind === 'warehouse' ? 'cat.stock.warehouse' : 'cat.stock.store')})
                    </span>
                  </th>
                  <td className="num" data-testid={`stock-on-hand-${row.location}`}>
                    {row.on_hand}
                  </td>
                  <td className="num">{row.reserved}</td>
                  <td className="num" data-testid={`stock-available-${row.location}`}>
                    {row.available}
                  </td>
                  <td>
                    <span className={`tag ctl-stock-${row.state}`}>{t(STOCK_STATE_LABELS[row.state])}</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="ctl-total-row">
                <th scope="row">{t('cat.stock.total')}</th>
                <td className="num" data-testid="stock-total-on-hand">
                  {stock.data.totals.on_hand}
                </td>
                <td className="num">{stock.data.totals.reserved}</td>
                <td className="num" data-testid="stock-total-available">
                  {stock.data.totals.available}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

const locationChoices = (locations: readonly LocationView[], t: (key: MessageKey) => string) =>
  locations.map((l) => ({
    value: l.id,
    label: `${l.name} (${t(l.kind === 'warehouse' ? 'cat.stock.warehouse' : 'cat.stock.store')})`,
  }));

function ReceiptForm({ code, locations, onClose }: { code: string; locations: readonly LocationView[]; onClose(): void }) {
  const { t } = useT();
  const client = useQueryClient();
  const form = useForm({ location: locations[0]?.id ?? '', quantity: '', reference: '' });
  const submit = form.submit(async () => {
    await send('POST', paths.receipts, {
      code,
      location: form.values.location,
      quantity: wholeAmount(form.values.quantity),
      ...(form.values.reference.trim() ? { reference: form.values.reference.trim() } : {}),
    });
    await client.invalidateQueries({ queryKey: keys.stock(code) });
    onClose();
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="ctl-form ctl-inline-form" data-testid="receipt-form">
      <div className="form-row form-row-top">
        <SelectField
          form={form}
          name="location"
          label={t('cat.stock.location')}
          choices={locationChoices(locations, t)}
          required
        />
        <TextField
          form={form}
          name="quantity"
          label={t('cat.stock.quantity')}
          inputMode="numeric"
          required
          className="ctl-field-short"
        />
        <TextField form={form} name="reference" label={t('cat.stock.reference')} className="ctl-field-mid" />
      </div>
      <FormErrors form={form} known={['location', 'quantity', 'reference', 'code']} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="receipt-save">
          {t('cat.stock.receipt_submit')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A count: the on-hand quantity found at a location, with the reason it differs. */
function CountForm({ code, locations, onClose }: { code: string; locations: readonly LocationView[]; onClose(): void }) {
  const { t } = useT();
  const client = useQueryClient();
  const form = useForm({ location: locations[0]?.id ?? '', on_hand: '', reason: '' });
  const submit = form.submit(async () => {
    await send('POST', paths.counts, {
      code,
      location: form.values.location,
      on_hand: wholeAmount(form.values.on_hand),
      reason: form.values.reason,
    });
    await client.invalidateQueries({ queryKey: keys.stock(code) });
    onClose();
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="ctl-form ctl-inline-form" data-testid="count-form">
      <div className="form-row form-row-top">
        <SelectField
          form={form}
          name="location"
          label={t('cat.stock.location')}
          choices={locationChoices(locations, t)}
          required
        />
        <TextField
          form={form}
          name="on_hand"
          label={t('cat.stock.on_hand')}
          inputMode="numeric"
          required
          className="ctl-field-short"
        />
        <TextField form={form} name="reason" label={t('cat.stock.reason')} required />
      </div>
      <FormErrors form={form} known={['location', 'on_hand', 'reason', 'code']} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="count-save">
          {t('cat.stock.count_submit')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cat.cancel')}
        </button>
      </div>
    </form>
  );
}
