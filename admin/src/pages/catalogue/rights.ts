/** What a person may do in the catalogue section (the API checks the same table; this only decides what to show). */
export interface CatalogueRights {
  readonly manage: boolean;
  readonly prices: boolean;
  readonly stockRead: boolean;
  readonly stockManage: boolean;
}
