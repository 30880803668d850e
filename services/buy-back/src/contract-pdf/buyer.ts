import type { Market } from '@buyloop/kit';

/** The shop as the buying party of a purchase contract. */
export interface ContractBuyer {
  readonly name: string;
  readonly addressLines: readonly string[];
  /** The business register number with its national label, which is a legal term and is not translated. */
  readonly registration: string;
}

/**
 * One company per market buys the devices. These are demo data: the names,
 * addresses and register numbers are made up and must be replaced by the
 * real companies' before a contract is handed to a customer.
 */
export const contractBuyers: Readonly<Record<Market, ContractBuyer>> = {
  cz: {
    name: 'Buyloop s.r.o.',
    addressLines: ['Vinohradská 1511/230', '100 00 Praha 10'],
    registration: 'IČO 12345678',
  },
  ro: {
    name: 'Buyloop Romania S.R.L.',
    addressLines: ['Str. Exemplu 10', '010011 București'],
    registration: 'CUI RO12345678',
  },
};
