import { z } from 'zod';
import type { Market } from '@buyloop/kit';
import type { DeliveryAddress, Timeslot } from '@buyloop/contracts/delivery/http';
import type { WeeklyHours } from '../local-time';

const hours = z.object({ opens: z.string().regex(/^\d{2}:\d{2}$/), closes: z.string().regex(/^\d{2}:\d{2}$/) }).nullable();

/**
 * One pickup point as a carrier's feed lists it (the wire format of the
 * sandbox, shaped like the feeds Czech and Romanian carriers publish: an id,
 * an address, coordinates, a status and opening hours). A feed is outside
 * input: the import parses it and skips what does not parse.
 */
export const feedPointSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(200),
  street: z.string().max(200),
  city: z.string().min(1).max(100),
  zip: z.string().max(20),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** congested: full for now (spec 8 'unavailable or congested pickup point'); closed: out of service. */
  status: z.enum(['open', 'congested', 'closed']),
  opening_hours: z.object({ mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours }).optional(),
});
export type FeedPoint = z.infer<typeof feedPointSchema>;

export const feedSchema = z.object({
  carrier: z.string(),
  market: z.enum(['cz', 'ro']),
  generated_at: z.string(),
  points: z.array(z.unknown()),
});

/** A store as the same-day courier collects from it. */
export interface CollectionStore {
  readonly id: string;
  readonly city: string;
  readonly lat: number;
  readonly lng: number;
  readonly openingHours: WeeklyHours;
}

export type SameDayAnswer =
  | { readonly available: true; readonly timeslots: readonly Timeslot[] }
  | {
      readonly available: false;
      /** delivery.same_day_other_town, delivery.same_day_too_far, delivery.same_day_closed, delivery.address_unknown */
      readonly reason: string;
      readonly timeslots: readonly [];
    };

/**
 * What Buyloop needs from a carrier. The sandbox (sandbox-carrier.ts)
 * answers it in-process, deterministically; a real carrier's adapter
 * replaces it behind the same interface. The pickup-point feed is the one
 * part fetched over HTTP even from the sandbox, so its import is the same
 * code a real feed URL runs through.
 */
export interface Carrier {
  readonly name: string;
  /** Where the market's pickup-point feed is published (JSON, feedSchema). */
  feedUrl(market: Market): string;
  /** Courier windows over the next days for a postcode, from `at`. */
  courierTimeslots(input: { readonly market: Market; readonly zip: string; readonly at: Date }): readonly Timeslot[];
  /** Same-day delivery (spec 7 delivery_liftago_check): from a store to an address, today. */
  sameDay(input: {
    readonly market: Market;
    readonly store: CollectionStore;
    readonly address: DeliveryAddress;
    readonly at: Date;
  }): SameDayAnswer;
  // Shipment labels and tracking come with the orders' packages (issue 15, orders): createShipment, track.
}
