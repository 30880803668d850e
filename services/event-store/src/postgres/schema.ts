/**
 * The event store's schema. Same SQL on PostgreSQL server and PGlite.
 *
 * Ordering (docs/ARCHITECTURE.md, "Why subscriptions never skip"): every row is
 * stamped with its writer's transaction id (xid8, never wraps). A reader only
 * takes rows whose transaction is older than the oldest transaction still
 * running (`pg_snapshot_xmin`), so the set it reads can no longer grow below
 * its cursor, and it walks them in (transaction_id, global_position) order.
 */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Advisory-lock class ids: one namespace per purpose so they never collide. */
export const LOCK_CLASS_MIGRATION = 7400;
export const LOCK_CLASS_STREAM = 7401;

export const migrationSql = (schema: string): string => `
begin;
select pg_advisory_xact_lock(${LOCK_CLASS_MIGRATION}, 0);
create schema if not exists "${schema}";
create table if not exists "${schema}".events (
  global_position bigint generated always as identity primary key,
  transaction_id  xid8        not null default pg_current_xact_id(),
  event_id        uuid        not null,
  stream_id       text        not null,
  stream_version  bigint      not null,
  event_type      text        not null,
  schema_version  integer     not null,
  data            jsonb       not null,
  metadata        jsonb       not null,
  recorded_at     timestamptz not null default now(),
  constraint events_event_id_unique unique (event_id),
  constraint events_stream_version_unique unique (stream_id, stream_version),
  constraint events_stream_version_positive check (stream_version > 0)
);
create index if not exists events_delivery_order on "${schema}".events (transaction_id, global_position);

create or replace function "${schema}".append_events(
  p_stream text, p_expected text, p_events jsonb, p_metadata jsonb
) returns table (
  o_stream_version bigint, o_global_position bigint, o_transaction_id xid8, o_duplicate boolean
) language plpgsql as $fn$
declare
  v_count    integer := jsonb_array_length(p_events);
  v_existing integer;
  v_in_stream integer;
  v_current  bigint;
begin
  -- Serialise writers of one stream BEFORE the transaction writes anything:
  -- an advisory lock does not assign a transaction id, so a writer that had
  -- to wait gets an id newer than the one it waited for, and per-stream order
  -- agrees with (transaction_id, global_position) delivery order.
  perform pg_advisory_xact_lock(${LOCK_CLASS_STREAM}, hashtext(p_stream));

  select count(*), count(*) filter (where e.stream_id = p_stream)
    into v_existing, v_in_stream
    from "${schema}".events e
   where e.event_id in (select (x->>'id')::uuid from jsonb_array_elements(p_events) x);
  if v_existing > 0 then
    if v_existing = v_count and v_in_stream = v_count then
      -- The same append again (a retried request): answer what the first one wrote.
      return query
        select max(e.stream_version), max(e.global_position),
               (array_agg(e.transaction_id order by e.global_position desc))[1], true
          from "${schema}".events e
         where e.event_id in (select (x->>'id')::uuid from jsonb_array_elements(p_events) x);
      return;
    end if;
    raise exception using errcode = 'BL002', message = 'event ids already used by another append',
      detail = (select string_agg(e.event_id::text || ' in ' || e.stream_id, ', ')
                  from "${schema}".events e
                 where e.event_id in (select (x->>'id')::uuid from jsonb_array_elements(p_events) x));
  end if;

  select coalesce(max(e.stream_version), 0) into v_current
    from "${schema}".events e where e.stream_id = p_stream;

  if (p_expected = 'no_stream' and v_current <> 0)
     or (p_expected = 'stream_exists' and v_current = 0)
     or (p_expected not in ('any', 'no_stream', 'stream_exists') and v_current <> p_expected::bigint) then
    raise exception using errcode = 'BL001', message = 'wrong expected version', detail = v_current::text;
  end if;

  return query
    with inserted as (
      insert into "${schema}".events
        (event_id, stream_id, stream_version, event_type, schema_version, data, metadata)
      select (x.value->>'id')::uuid, p_stream, v_current + x.ordinality, x.value->>'type',
             (x.value->>'schemaVersion')::integer, x.value->'data', p_metadata
        from jsonb_array_elements(p_events) with ordinality x
       order by x.ordinality
      returning stream_version, global_position
    )
    select max(i.stream_version), max(i.global_position), pg_current_xact_id(), false from inserted i;
end
$fn$;
commit;
`;
