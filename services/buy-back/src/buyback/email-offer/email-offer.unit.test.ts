import { describe, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h, sealedFor } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = {
  type: 'EmailOffer',
  buyoutNumber: 'B-1001',
  modelId: 'iphone-13',
  colorId: 'iphone-13-midnight',
  deviceLabel: 'iPhone 13 128 GB, Midnight',
  declaredQuality: 'A',
  declaredChoices: ['display-perfect', 'body-perfect'],
  price: 9000,
  currency: 'CZK',
  priceListVersion: 3,
  subjectId: 'subject-1',
  contact: sealedFor('subject-1'),
  accessTokenHash: 'token-hash-1',
  at: day(0, '09:00:00.000'),
} as const;

describe('e-mail an offer', () => {
  it('records the offered appraisal', () => {
    given().when(command).then(h.offerEmailed);
  });

  it('is refused for a buy-back number that already exists', () => {
    given(h.offerEmailed).when(command).thenThrows(IllegalState, 'buyback.already_exists');
    given(h.submitted()).when(command).thenThrows(IllegalState, 'buyback.already_exists');
  });

  it('refuses bad input with field errors', () => {
    given()
      .when({ ...command, price: -1 })
      .thenThrows(ValidationError, 'validation.failed');
    given()
      .when({ ...command, price: 10.5 })
      .thenThrows(ValidationError);
    given()
      .when({ ...command, subjectId: ' ' })
      .thenThrows(ValidationError);
    given()
      .when({ ...command, priceListVersion: 0 })
      .thenThrows(ValidationError);
    given()
      .when({ ...command, declaredQuality: 'Z' as never, currency: 'EUR' as never })
      .thenThrows(ValidationError);
  });
});
