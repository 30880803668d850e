import { describe, expect, it } from 'vitest';
import {
  GRADES_OF_QUALITY,
  gradeRuleOf,
  isIntangibleKind,
  isProductGrade,
  isProductKind,
  isProductQuality,
  PRODUCT_GRADES,
  PRODUCT_KINDS,
  PRODUCT_QUALITIES,
} from './vocabulary';

describe('the catalogue’s vocabulary', () => {
  it('takes the grades each quality allows: none for new, A+ or A for newish, any and required for used', () => {
    expect(gradeRuleOf('new')).toEqual({ required: false, allowed: [] });
    expect(gradeRuleOf('newish')).toEqual({ required: false, allowed: ['A+', 'A'] });
    expect(gradeRuleOf('used')).toEqual({ required: true, allowed: PRODUCT_GRADES });
    // A form's value that is no quality takes none, as new does.
    expect(gradeRuleOf('')).toBe(GRADES_OF_QUALITY.new);
    expect(gradeRuleOf('constructor')).toBe(GRADES_OF_QUALITY.new);
  });

  it('knows its words and no others', () => {
    expect(PRODUCT_QUALITIES.every(isProductQuality)).toBe(true);
    expect(PRODUCT_GRADES.every(isProductGrade)).toBe(true);
    expect(PRODUCT_KINDS.every(isProductKind)).toBe(true);
    expect([isProductQuality('refurbished'), isProductGrade('E'), isProductKind('gift'), isProductGrade(1)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(PRODUCT_KINDS.filter(isIntangibleKind)).toEqual(['insurance', 'warranty_extension', 'service']);
  });
});
