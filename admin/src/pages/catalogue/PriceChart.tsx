import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '../../app/lang';
import { formatDate, formatDateTime, formatMoney, timeZoneOf } from '../../i18n/format';
import { priceAxis, type StepPoint } from './price-chart';

/** The price over time as a step line in the market's currency, with the Omnibus lowest price of 30 days as a line. */
export function PriceChart(props: { points: readonly StepPoint[]; currency: string; lowest30d: number | null }) {
  const { t } = useT();
  const zone = timeZoneOf(props.currency);
  if (props.points.length === 0)
    return (
      <p className="muted" data-testid="price-chart-empty">
        {t('cat.price.no_history')}
      </p>
    );
  const data = props.points.map((p) => ({ ...p }));
  const axis = priceAxis(props.points, props.lowest30d);
  const first = data[0]?.at ?? 0;
  const last = data[data.length - 1]?.at ?? first;
  return (
    <figure
      className="ctl-chart"
      data-testid="price-chart"
      data-points={data.length}
      aria-label={t('cat.price.chart_label', { currency: props.currency === 'RON' ? 'Lei' : 'Kč' })}
    >
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={data} margin={{ top: 12, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid stroke="#edf0f5" />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={[first, last]}
            tickFormatter={(value: number) => formatDate(new Date(value).toISOString(), zone)}
            tick={{ fontSize: 11 }}
            minTickGap={24}
          />
          <YAxis
            domain={axis.domain}
            ticks={axis.ticks}
            tickFormatter={(value: number) => formatMoney(value, props.currency)}
            tick={{ fontSize: 11 }}
            width={86}
            allowDecimals={false}
          />
          <Tooltip
            labelFormatter={(value) => formatDateTime(new Date(Number(value)).toISOString(), zone)}
            formatter={(value) => [formatMoney(Number(value), props.currency), t('cat.price.price')]}
          />
          {props.lowest30d !== null && (
            <ReferenceLine
              y={props.lowest30d}
              stroke="#c62828"
              strokeDasharray="5 4"
              className="ctl-omnibus-line"
              label={{
                value: `${t('cat.price.lowest_30d')}: ${formatMoney(props.lowest30d, props.currency)}`,
                position: 'insideBottomLeft',
                fill: '#9b1c1c',
                fontSize: 11,
              }}
            />
          )}
          <Line type="stepAfter" dataKey="price" stroke="#2454d6" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">
        <ol>
          {props.points.map((p) => (
            <li key={p.at}>
              {formatDateTime(new Date(p.at).toISOString(), zone)}: {formatMoney(p.price, props.currency)}
              {p.offer ? ` (${t('cat.price.offer')})` : ''}
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
