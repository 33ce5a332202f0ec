import { describe, expect, it } from 'vitest';
import { priceText } from '../../src/shared/domain/models/price-text';

describe('model prices as a person reads them', () => {
  it('keeps 3 significant digits under 1 credit and says when it rounded', () => {
    expect(priceText(0.050015, 'en-GB')).toEqual({ text: '≈0.05', exact: '0.050015' });
    expect(priceText('0.0012', 'en-GB')).toEqual({ text: '0.0012', exact: '0.0012' });
    expect(priceText(0.25, 'en-GB').text).toBe('0.25');
  });

  it('keeps two decimals from 1 up, grouped as the language writes numbers', () => {
    expect(priceText(1.250375, 'en-GB')).toEqual({ text: '≈1.25', exact: '1.250375' });
    expect(priceText(1234.5, 'ms-MY').text).toBe('1,234.5');
    expect(priceText(0, 'en-GB').text).toBe('0');
  });
});
