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

-- An earlier shape of append_events returned a table; CREATE OR REPLACE cannot change that.
do $drop$ begin
  if exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = '${schema}' and p.proname = 'append_events' and p.proretset) then
    drop function "${schema}".append_events(text, text, jsonb, jsonb);
  end if;
end $drop$;

create or replace function "${schema}".append_events(
  p_stream text, p_expected text, p_events jsonb, p_metadata jsonb,
  out o_stream_version bigint, out o_global_position bigint, out o_transaction_id xid8, out o_duplicate boolean
) language plpgsql as $fn$
declare
  v_count     integer := jsonb_array_length(p_events);
  v_current   bigint;
  v_inserted  integer := 0;
  v_ids       uuid[];
  v_existing  integer;
  v_in_stream integer;
begin
  -- Serialise writers of one stream BEFORE the transaction writes anything:
  -- an advisory lock does not assign a transaction id, so a writer that had
  -- to wait gets an id newer than the one it waited for, and per-stream order
  -- agrees with (transaction_id, global_position) delivery order.
  perform pg_advisory_xact_lock(${LOCK_CLASS_STREAM}, hashtext(p_stream));

  select coalesce(max(e.stream_version), 0) into v_current
    from "${schema}".events e where e.stream_id = p_stream;

  if not ((p_expected = 'no_stream' and v_current <> 0)
       or (p_expected = 'stream_exists' and v_current = 0)
       or (p_expected not in ('any', 'no_stream', 'stream_exists') and v_current <> p_expected::bigint)) then
    -- The common case costs one insert: duplicates are detected by the
    -- unique index, not by a lookup before every append.
    if v_count = 1 then
      -- Most appends carry one event: skip the set-returning function and its sort.
      insert into "${schema}".events
        (event_id, stream_id, stream_version, event_type, schema_version, data, metadata)
      values ((p_events->0->>'id')::uuid, p_stream, v_current + 1, p_events->0->>'type',
              (p_events->0->>'schemaVersion')::integer, p_events->0->'data', p_metadata)
      on conflict (event_id) do nothing;
    else
      insert into "${schema}".events
        (event_id, stream_id, stream_version, event_type, schema_version, data, metadata)
      select x.id, p_stream, v_current + x.n, x.type, x.schema_version, x.data, p_metadata
        from rows from (jsonb_to_recordset(p_events) as (id uuid, type text, "schemaVersion" integer, data jsonb))
             with ordinality as x(id, type, schema_version, data, n)
       order by x.n
      on conflict (event_id) do nothing;
    end if;
    get diagnostics v_inserted = row_count;
    if v_inserted = v_count then
      o_stream_version := v_current + v_count;
      -- Rows take their positions in insert order, so the last one is this session's last value.
      o_global_position := currval('"${schema}".events_global_position_seq');
      o_transaction_id := pg_current_xact_id();
      o_duplicate := false;
      return;
    end if;
    if v_inserted > 0 then
      -- Some ids are new, some were stored before: raising undoes the partial insert.
      raise exception using errcode = 'BL002', message = 'event ids already used by another append',
        detail = 'some of the event ids were stored before, some are new';
    end if;
  end if;

  -- The version did not match, or every id is stored already: a retried
  -- append answers what the first one wrote, whatever its expected version.
  v_ids := array(select (x->>'id')::uuid from jsonb_array_elements(p_events) x);
  select count(*), count(*) filter (where e.stream_id = p_stream)
    into v_existing, v_in_stream
    from "${schema}".events e where e.event_id = any(v_ids);
  if v_existing = v_count and v_in_stream = v_count then
    select max(e.stream_version), max(e.global_position),
           (array_agg(e.transaction_id order by e.global_position desc))[1], true
      into o_stream_version, o_global_position, o_transaction_id, o_duplicate
      from "${schema}".events e where e.event_id = any(v_ids);
    return;
  end if;
  if v_existing > 0 then
    raise exception using errcode = 'BL002', message = 'event ids already used by another append',
      detail = (select string_agg(e.event_id::text || ' in ' || e.stream_id, ', ')
                  from "${schema}".events e where e.event_id = any(v_ids));
  end if;
  raise exception using errcode = 'BL001', message = 'wrong expected version', detail = v_current::text;
end
$fn$;
commit;
`;
