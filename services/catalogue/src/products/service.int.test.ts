import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { IllegalState, NotFound, RequestRefused, ValidationError } from '@buyloop/kit';
import { ProductsService } from './service';
import { eanStream, masterStream, productStream } from './streams';

describe('the products service on PGlite', () => {
  let sql: SqlClient;
  let events: PostgresEventStore;
  let service: ProductsService;

  beforeAll(async () => {
    sql = await pgliteClient();
    events = await PostgresEventStore.create(sql, {
      schema: `t_prod_${randomUUID().slice(0, 8)}`,
      ownsClient: false,
      pollIntervalMs: 20,
    });
    service = new ProductsService({ events, market: 'cz', clock: () => new Date('2026-11-24T10:00:00Z') });
    await service.createTypeDevice({ id: 'phone', name: 'Telefon' });
    await service.createManufacturer({ id: 'apple', name: 'Apple' });
  });
  afterAll(async () => {
    await events?.close();
    await sql?.close();
  });

  const master = (id: string, seoName: string) =>
    service.createMaster({
      id,
      name: `Model ${id}`,
      seoName,
      manufacturerId: 'apple',
      typeDeviceId: 'phone',
      description: '<p onclick="x()">Nice <script>alert(1)</script><a href="javascript:x">link</a></p>',
    });
  const variant = (code: string, ean: string | null) => ({
    code,
    ean,
    quality: 'new' as const,
    longName: `Phone ${code}`,
    shortName: code,
    vatRate: 21,
  });

  it('creates a master with its description sanitised and its seo_name held', async () => {
    const written = await master('m-one', 'model-one');
    expect(written).toMatchObject({ id: 'm-one', streamVersion: 1n, duplicate: false, events: ['MasterProductCreated'] });
    const { state } = await service.masterState('m-one');
    expect(state.fields?.description).toBe('<p>Nice <a rel="nofollow noopener noreferrer" target="_blank">link</a></p>');
    await expect(master('m-two', 'model-one')).rejects.toMatchObject({ code: 'catalogue.product.seo_name_taken' });
    expect(await events.readStream(masterStream('m-two'))).toHaveLength(0);
  });

  it('refuses a master with an unknown manufacturer or photo before anything is written', async () => {
    await expect(
      service.createMaster({
        id: 'm-x',
        name: 'X',
        seoName: 'x',
        manufacturerId: 'nokia',
        typeDeviceId: 'phone',
        photoIds: ['nope'],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await events.readStream('masterslug-x')).toHaveLength(0);
  });

  it('creates variants with unique codes and EANs and attaches them to the master', async () => {
    await master('m-var', 'model-var');
    const written = await service.addVariant('m-var', variant(' ab-1 ', '4006381333931'));
    expect(written.id).toBe('AB-1');
    expect((await service.masterState('m-var')).state.variantCodes).toEqual(['AB-1']);
    await expect(service.addVariant('m-var', variant('AB-1', null))).rejects.toMatchObject({
      code: 'catalogue.product.code_taken',
    });
    await expect(service.addVariant('m-var', variant('AB-2', '4006381333931'))).rejects.toMatchObject({
      code: 'catalogue.product.ean_taken',
    });
    expect(await events.readStream(productStream('AB-2'))).toHaveLength(0);
    await expect(service.addVariant('m-none', variant('AB-3', null))).rejects.toBeInstanceOf(NotFound);
  });

  it('lets exactly one of many concurrent creations have a code, and one an EAN', async () => {
    await master('m-race', 'model-race');
    const sameCode = await Promise.allSettled(
      Array.from({ length: 6 }, () => service.addVariant('m-race', variant('RACE-1', null))),
    );
    expect(sameCode.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const sameEan = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => service.addVariant('m-race', variant(`RACE-EAN-${i}`, '0012345678905'))),
    );
    const won = sameEan.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const [i, result] of sameEan.entries()) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'catalogue.product.ean_taken' });
      // A loser wrote no product: the EAN claim comes before the product's stream.
      if (i !== won[0]) expect(await events.readStream(productStream(`RACE-EAN-${i}`))).toHaveLength(0);
    }
    expect((await service.masterState('m-race')).state.variantCodes).toEqual(['RACE-1', `RACE-EAN-${won[0]}`]);
  });

  it('moves an EAN with an update and frees the old one', async () => {
    await master('m-ean', 'model-ean');
    await service.addVariant('m-ean', variant('EAN-1', '5901234123457'));
    await service.updateProduct('EAN-1', { ean: '96385074' });
    await service.addVariant('m-ean', variant('EAN-2', '5901234123457'));
    expect((await events.readStream(eanStream('5901234123457'))).map((e) => e.type)).toEqual([
      'ValueClaimed',
      'ValueReleased',
      'ValueClaimed',
    ]);
  });

  it('refuses to delete a master while a variant is sold, and frees its seo_name once deleted', async () => {
    await master('m-del', 'model-del');
    await service.addVariant('m-del', variant('DEL-1', null));
    await expect(service.deleteMaster('m-del')).rejects.toMatchObject({ code: 'catalogue.product.master_has_active_variants' });
    await service.discontinueProduct('DEL-1', 'sold out');
    await service.deleteMaster('m-del');
    await master('m-del-2', 'model-del');
    await expect(service.addVariant('m-del', variant('DEL-2', null))).rejects.toBeInstanceOf(NotFound);
  });

  it('answers a repeated keyed creation with the same master and refuses the key for another request', async () => {
    const options = { idempotencyKey: 'key-0000001', actor: { userId: 'u1', role: 'catalogue_manager' } };
    const input = { name: 'Keyed', seoName: 'keyed', manufacturerId: 'apple', typeDeviceId: 'phone' };
    const first = await service.createMaster(input, options);
    const again = await service.createMaster(input, options);
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    await expect(service.createMaster({ ...input, name: 'Other' }, options)).rejects.toBeInstanceOf(RequestRefused);
  });

  it('keeps a master in one meta master at a time', async () => {
    await master('m-meta', 'model-meta');
    await service.createMetaMaster({ id: 'group-a', name: 'A' });
    await service.createMetaMaster({ id: 'group-b', name: 'B' });
    await service.addMasterToMetaMaster('group-a', 'm-meta');
    await expect(service.addMasterToMetaMaster('group-b', 'm-meta')).rejects.toBeInstanceOf(IllegalState);
    await service.swapMetaMaster('m-meta', 'group-b');
    expect((await service.masterState('m-meta')).state.metaMasterId).toBe('group-b');
    await service.deleteMetaMaster('group-b');
    await service.addMasterToMetaMaster('group-a', 'm-meta');
    expect((await service.masterState('m-meta')).state.metaMasterId).toBe('group-a');
  });
});
