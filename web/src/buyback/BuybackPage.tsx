import { lazy, Suspense, useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, query, useApi } from '../app/api';
import { useMarket } from '../app/context';
import { formatMoney } from '../app/format';
import { countriesQuery, selectorQuery } from '../app/queries';
import { matchRoute, type PageRoute } from '../app/routes';
import { ErrorState, Loading, Message } from '../app/ui';
import { useNotifications } from '../app/notifications';
import { useT, type UiKey } from '../i18n';
import {
  allAnswered,
  answer,
  appraisalLoaded,
  bestPrice,
  choicesLoaded,
  choose,
  chosenValues,
  sameChoices,
  displayedPrice,
  FLAG,
  isVisible,
  LEVELS,
  nextLevel,
  stateFromSelector,
  toggleWay,
  withChoices,
  type Level,
  type SelectorState,
  type Way,
} from './selector';
import type { Appraisal, Choice, ChoicesResponse, Quote, SelectorResponse } from './types';

// The three ways open on a click, never in the first HTML: their forms (the sale's with its date picker and
// error summary) load then, so the selector's first load carries none of them.
const SendEmailForm = lazy(() => import('./SendEmailForm').then((m) => ({ default: m.SendEmailForm })));
const SellOnlineForm = lazy(() => import('./SellOnlineForm').then((m) => ({ default: m.SellOnlineForm })));
const ReviewForm = lazy(() => import('./ReviewForm').then((m) => ({ default: m.ReviewForm })));
import { DeviceIcon } from './DeviceIcon';
import { colourHexOf } from './colours';
import { deviceOf } from './title';

const STEP_LABEL: Readonly<Record<Level, UiKey>> = {
  type: 'buyback.step.type',
  manufacturer: 'buyback.step.manufacturer',
  model: 'buyback.step.model',
  color: 'buyback.step.color',
};

/**
 * Rewrites the address bar to the server's url for the choice, without a reload (spec section 4).
 * The router's own history state goes along: the router does not see these steps, the page does.
 */
function replaceUrl(url: string): void {
  const w = globalThis.window as Window | undefined;
  if (w && url) w.history.replaceState(w.history.state, '', url);
}

/** A new selector step is a new history entry, so Back goes back one step (the page answers popstate). */
function pushUrl(url: string): void {
  const w = globalThis.window as Window | undefined;
  if (!w || !url) return;
  const here = `${w.location.pathname}${w.location.search}`;
  if (here === url) return;
  w.history.pushState(w.history.state, '', url);
}

const problemMessage = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const first = Object.values(error.problem?.messages ?? {})[0]?.[0];
  return first ?? error.problem?.title ?? null;
};

export function BuybackPage({ route }: { route: Extract<PageRoute, { page: 'buyback' }> }) {
  const api = useApi();
  // Back and Forward change the address under the router: the journey follows them itself (see its popstate
  // listener), so the page it shows stays while the router's route catches up.
  const selector = useQuery({ ...selectorQuery(api, route), placeholderData: keepPreviousData });
  if (selector.isPending) return <Loading />;
  if (selector.isError) return <ErrorState onRetry={() => void selector.refetch()} />;
  return <BuybackJourney initial={selector.data} choices={route.deviceConditionChoices} />;
}

function BuybackJourney({ initial, choices }: { initial: SelectorResponse; choices: readonly string[] | null }) {
  const t = useT();
  const api = useApi();
  const market = useMarket();
  const client = useQueryClient();
  const notify = useNotifications((s) => s.notify);
  const [state, setState] = useState<SelectorState>(() => stateFromSelector(initial, choices));
  const [loading, setLoading] = useState<Level | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const countries = useQuery(countriesQuery(api));
  const money = (amount: number) => formatMoney(amount, market.currency, market.locale);

  const quote = useMutation({
    mutationFn: (input: { color: string; appraisal: Appraisal; choices: string[] }) =>
      api.post<Quote>('/api/buyout/quote', {
        device_identifier: input.color,
        appraisal_version: input.appraisal.version,
        device_condition_choices: input.choices,
      }),
    onMutate: () => setQuoteError(null),
    // Only the answer to the newest question counts: an older quote that arrives late is dropped.
    onSuccess: (response, input) =>
      setState((s) =>
        s.selected.color === input.color && s.appraisal && sameChoices(chosenValues(s.appraisal, s.answers), input.choices)
          ? { ...s, quote: response.body }
          : s,
      ),
    onError: (error) => {
      // Spec section 8: a 400 shows the server's message, anything else the appraisal error (and is logged).
      if (!(error instanceof ApiError && error.status === 400)) console.error('Quote failed', error);
      setQuoteError(problemMessage(error) ?? t('buyback.appraisalError'));
      setState((s) => ({ ...s, quote: null }));
    },
  });

  /** Every question answered and no price yet (or, after a new answer, always): ask for one. */
  const quoteIfAnswered = (s: SelectorState, answersChanged = false) => {
    if (s.appraisal && s.selected.color && (answersChanged || !s.quote) && allAnswered(s.appraisal, s.answers))
      quote.mutate({ color: s.selected.color, appraisal: s.appraisal, choices: chosenValues(s.appraisal, s.answers) });
  };

  // Answers kept in the address (a reload, a shared link) are priced once the page runs.
  useEffect(() => quoteIfAnswered(state), []);

  // Back or Forward to another step of this page: the state that address stands for, as the server gives it.
  useEffect(() => {
    const w = globalThis.window;
    const onPop = () => {
      const href = w.location.href;
      const route = matchRoute(market.market, w.location.pathname, w.location.search);
      if (route?.page !== 'buyback') return;
      client
        .fetchQuery(selectorQuery(api, route))
        .then((response) => {
          if (w.location.href !== href) return;
          const next = stateFromSelector(response, route.deviceConditionChoices);
          setQuoteError(null);
          setLoading(null);
          setState(next);
          quoteIfAnswered(next);
        })
        .catch((error: unknown) => {
          console.error('Loading the buy-back step failed', error);
          notify('error', t('common.error.title'), t('common.error.text'));
        });
    };
    w.addEventListener('popstate', onPop);
    return () => w.removeEventListener('popstate', onPop);
  }, []);

  const load = async (level: Level, value: string, next: SelectorState) => {
    const s = next.selected;
    setLoading(level);
    try {
      if (level === 'color') {
        const response = await client.fetchQuery({
          queryKey: ['buyout', 'appraisal', value],
          queryFn: () => api.get<{ url: string; appraisal: Appraisal }>(`/api/buyout/appraisal${query({ color: value })}`),
        });
        setState((current) =>
          current.selected.color === value ? appraisalLoaded(current, response.appraisal, response.url) : current,
        );
        pushUrl(response.url);
        return;
      }
      const below = nextLevel(level)!;
      const path =
        level === 'type'
          ? `/api/buyout/manufacturers${query({ type: s.type })}`
          : level === 'manufacturer'
            ? `/api/buyout/models${query({ type: s.type, manufacturer: s.manufacturer })}`
            : `/api/buyout/colors${query({ model: s.model })}`;
      const response = await client.fetchQuery({
        queryKey: ['buyout', 'choices', path],
        queryFn: () => api.get<ChoicesResponse>(path),
      });
      setState((current) =>
        current.selected[level] === value ? choicesLoaded(current, below, response.choices, response.url) : current,
      );
      pushUrl(response.url);
    } catch (error) {
      console.error('Loading the buy-back choices failed', error);
      if (level === 'color') setQuoteError(problemMessage(error) ?? t('buyback.appraisalError'));
      else notify('error', t('common.error.title'), t('common.error.text'));
    } finally {
      setLoading((current) => (current === level ? null : current));
    }
  };

  const onChoose = (level: Level, value: string) => {
    const result = choose(state, level, value);
    if (result.kind === 'same') {
      replaceUrl(state.appraisal ? withChoices(state.url, chosenValues(state.appraisal, state.answers)) : state.url);
      return;
    }
    setQuoteError(null);
    setState(result.state);
    void load(level, value, result.state);
  };

  const onAnswer = (questionId: string, value: string) => {
    const next = answer(state, questionId, value);
    setState(next);
    // The answers live in the address (a reload or a shared link keeps them); a deep link's device_condition,
    // which named other answers, goes. Answering is no new step: the entry is rewritten, not added.
    if (next.appraisal) replaceUrl(withChoices(next.url, chosenValues(next.appraisal, next.answers)));
    quoteIfAnswered(next, true);
  };

  const onWay = (way: Way) => setState((s) => ({ ...s, visibility: toggleWay(s.visibility, way) }));

  const chosenOf = (level: Level) => state.choices[level]?.find((c) => c.value === state.selected[level]) ?? null;
  const labelOf = (level: Level) => chosenOf(level)?.label ?? null;
  const colour = chosenOf('color');
  const deviceName = [labelOf('manufacturer'), labelOf('model')].filter(Boolean).join(' ');
  const titled = deviceOf({
    type: labelOf('type'),
    manufacturer: labelOf('manufacturer'),
    model: labelOf('model'),
    color: labelOf('color'),
  });

  // The title follows the device as the steps choose it, as the server's title does for the address.
  useEffect(() => {
    globalThis.document.title = `${titled ? t('buyback.title.device', { device: titled }) : t('buyback.title')} | Buyloop`;
  }, [titled]);

  const appraisal = state.appraisal;
  const currentQuote = state.quote;
  const canSell = Boolean(appraisal && currentQuote?.can_buy && currentQuote.price !== null);
  const appraisalFields =
    appraisal && state.selected.color
      ? {
          device_identifier: state.selected.color,
          appraisal_version: appraisal.version,
          device_condition_choices: chosenValues(appraisal, state.answers),
        }
      : null;

  return (
    <div className="buyback">
      <section className="hero">
        <div className="container hero__inner">
          <div>
            <h1>{t('buyback.title')}</h1>
            <p className="hero__lead">{t('buyback.lead')}</p>
          </div>
          <ul className="perks">
            <li>{t('buyback.perk.price')}</li>
            <li>{t('buyback.perk.pickup')}</li>
            <li>{t('buyback.perk.payout')}</li>
          </ul>
        </div>
      </section>
      <div className="container buyback__layout">
        <div className="buyback__steps">
          {LEVELS.map((level, index) => {
            const choices = state.choices[level];
            if (!choices) return null;
            return (
              <section key={level} className="card step" aria-labelledby={`step-${level}`}>
                <h2 id={`step-${level}`} className="step__title">
                  <span className="step__number">{index + 1}</span>
                  {t(STEP_LABEL[level])}
                </h2>
                <div className={`options options--${level}`} role="group" aria-labelledby={`step-${level}`}>
                  {choices.map((choice) => (
                    <OptionButton
                      key={choice.value}
                      level={level}
                      choice={choice}
                      pressed={state.selected[level] === choice.value}
                      onClick={() => onChoose(level, choice.value)}
                    />
                  ))}
                </div>
                {loading === level && <Loading />}
              </section>
            );
          })}

          {appraisal && isVisible(state.visibility, FLAG.form) && (
            <section className="card step" aria-labelledby="step-conditions">
              <h2 id="step-conditions" className="step__title">
                <span className="step__number">5</span>
                {t('buyback.conditions')}
              </h2>
              <p className="muted">{t('buyback.conditions.lead')}</p>
              {appraisal.device_conditions.map((condition) => (
                <fieldset key={condition.id} className="question">
                  <legend>{condition.name}</legend>
                  <div className="question__choices">
                    {condition.choices.map((choice) => {
                      const id = `condition-${condition.id}-${choice.value}`;
                      // A disabled answer says why it cannot be chosen (spec 3): under its label and as its description.
                      const reasonId = `${id}-reason`;
                      return (
                        <label
                          key={choice.value}
                          htmlFor={id}
                          className={`radio-card${choice.disabled ? ' radio-card--disabled' : ''}`}
                        >
                          <input
                            type="radio"
                            id={id}
                            name={`condition-${condition.id}`}
                            value={choice.value}
                            data-testid={id}
                            disabled={choice.disabled}
                            aria-describedby={choice.disabled ? reasonId : undefined}
                            checked={state.answers[condition.id] === choice.value}
                            onChange={() => onAnswer(condition.id, choice.value)}
                          />
                          <span>
                            {choice.label}
                            {choice.disabled && (
                              <small id={reasonId} className="radio-card__reason">
                                {t('buyback.choice.disabled')}
                              </small>
                            )}
                          </span>
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              ))}
            </section>
          )}
        </div>

        <aside className="buyback__summary" aria-live="polite">
          <div className="card summary">
            <div className="summary__device">
              {colour?.image ? (
                <img
                  className="summary__image"
                  data-testid="device-image"
                  src={colour.image}
                  alt={colour.image_alt ?? deviceName}
                  width={48}
                  height={64}
                />
              ) : (
                <DeviceIcon type={state.selected.type} />
              )}
              <div>
                <p className="summary__eyebrow">{t('buyback.result')}</p>
                <p className="summary__name">{deviceName || t('buyback.pick')}</p>
                {labelOf('color') && <p className="muted">{labelOf('color')}</p>}
              </div>
            </div>
            {appraisal && !currentQuote && !quote.isPending && !quoteError && (
              <p className="summary__hint">
                <span className="summary__upto">{t('buyback.upTo', { price: money(bestPrice(appraisal)) })}</span>
                {t('buyback.answerAll')}
              </p>
            )}
            {quote.isPending && <Loading label={t('buyback.calculating')} />}
            {quoteError && <Message kind="error">{quoteError}</Message>}
            {currentQuote && !currentQuote.can_buy && !quote.isPending && (
              <div data-testid="cannot-buy">
                <Message kind="warning">{currentQuote.message ?? t('buyback.appraisalError')}</Message>
              </div>
            )}
            {currentQuote?.can_buy && currentQuote.price !== null && appraisal && !quote.isPending && (
              <dl className="summary__result">
                <div>
                  <dt>{t('buyback.quality')}</dt>
                  <dd className="quality-badge" data-testid="quality">
                    {currentQuote.quality}
                  </dd>
                </div>
                <div>
                  <dt>{t('buyback.price')}</dt>
                  <dd className="price" data-testid="price">
                    {money(displayedPrice(currentQuote.price, appraisal.minimal_buyout_price))}
                  </dd>
                </div>
              </dl>
            )}
            <div className="ways" role="group" aria-label={t('buyback.ways')}>
              {canSell && (
                <>
                  <button
                    type="button"
                    className="button button--primary"
                    data-testid="way-sell-online"
                    aria-expanded={isVisible(state.visibility, FLAG.sellOnline)}
                    onClick={() => onWay('sellOnline')}
                  >
                    {t('buyback.way.sell')}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    data-testid="way-send-email"
                    aria-expanded={isVisible(state.visibility, FLAG.sendEmail)}
                    onClick={() => onWay('sendEmail')}
                  >
                    {t('buyback.way.email')}
                  </button>
                </>
              )}
              <button
                type="button"
                className="button button--link"
                data-testid="way-review"
                aria-expanded={isVisible(state.visibility, FLAG.review)}
                onClick={() => onWay('review')}
              >
                {t('buyback.way.review')}
              </button>
            </div>
          </div>
        </aside>

        {canSell && currentQuote?.price != null && appraisal && !isVisible(state.visibility, FLAG.sellOnline) && (
          <div className="mobile-bar" aria-hidden="true">
            <div>
              <span className="mobile-bar__label">{t('buyback.price')}</span>
              <strong>{money(displayedPrice(currentQuote.price, appraisal.minimal_buyout_price))}</strong>
            </div>
            <button
              type="button"
              tabIndex={-1}
              className="button button--primary"
              data-testid="mobile-bar-sell"
              // The form, once open, scrolls itself into view and takes focus (useRevealOnMount).
              onClick={() => onWay('sellOnline')}
            >
              {t('buyback.way.sell')}
            </button>
          </div>
        )}

        <Suspense fallback={<Loading />}>
          <div className="buyback__ways" id="sell-online-anchor">
            {canSell && appraisalFields && isVisible(state.visibility, FLAG.sendEmail) && (
              <SendEmailForm appraisal={appraisalFields} />
            )}
            {canSell && appraisalFields && isVisible(state.visibility, FLAG.sellOnline) && (
              <SellOnlineForm appraisal={appraisalFields} countries={countries.data ?? null} />
            )}
            {isVisible(state.visibility, FLAG.review) && <ReviewForm />}
          </div>
        </Suspense>
      </div>
    </div>
  );
}

function OptionButton({
  level,
  choice,
  pressed,
  onClick,
}: {
  level: Level;
  choice: Choice;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="option"
      data-testid={`choice-${level}-${choice.value}`}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {level === 'type' && <DeviceIcon type={choice.value} />}
      {level === 'color' && <span className="swatch" style={{ background: colourHexOf(choice) }} aria-hidden="true" />}
      <span>{choice.label}</span>
    </button>
  );
}
