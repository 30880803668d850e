import { describe, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { BUYBACK_IMEI, buybackAt as day, buybackHistory as h, sealedFor } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = {
  type: 'Submit',
  buyoutNumber: 'B-1001',
  device: {
    modelId: 'iphone-13',
    colorId: 'iphone-13-midnight',
    label: 'iPhone 13 128 GB, Midnight',
    imei: BUYBACK_IMEI,
    serialNumber: 'F2LXK1',
    note: null,
  },
  declaredQuality: 'A',
  declaredChoices: ['display-perfect', 'body-perfect'],
  price: 9000,
  currency: 'CZK',
  priceListVersion: 3,
  subjectId: 'subject-1',
  customer: sealedFor('subject-1'),
  accessTokenHash: 'token-hash-1',
  ownerUserId: null,
  pickup: 'courier',
  at: day(0),
} as const;

describe('submit (sell online)', () => {
  it('sells a new buy-back or one whose offer was e-mailed', () => {
    given().when(command).then(h.submitted());
    given(h.offerEmailed).when(command).then(h.submitted());
    given()
      .when({ ...command, pickup: 'centre' })
      .then(h.submitted('centre'));
  });

  it('is refused when already submitted (a repeated sale)', () => {
    given(h.submitted()).when(command).thenThrows(IllegalState, 'buyback.already_submitted');
    given(h.submitted(), h.received).when(command).thenThrows(IllegalState, 'buyback.already_submitted');
  });

  it('refuses bad input with field errors', () => {
    given()
      .when({ ...command, device: { ...command.device, imei: '12345' } })
      .thenThrows(ValidationError, 'validation.failed');
    given()
      .when({ ...command, price: -5 })
      .thenThrows(ValidationError);
    given()
      .when({ ...command, pickup: 'drone' as never })
      .thenThrows(ValidationError);
    given()
      .when({ ...command, declaredQuality: 'E' as never })
      .thenThrows(ValidationError);
    given()
      .when({ ...command, currency: 'USD' as never })
      .thenThrows(ValidationError);
    given()
      .when({ ...command, subjectId: '' })
      .thenThrows(ValidationError);
    given(h.offerEmailed)
      .when({ ...command, buyoutNumber: 'B-9' })
      .thenThrows(ValidationError);
  });
});
