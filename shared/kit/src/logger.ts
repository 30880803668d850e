export type LogFields = Readonly<Record<string, unknown>>;

/** The one logging seam of the product: the API gives every module its logger; tests swap it to assert what an operator would see. */
export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}
