import { z } from 'zod';
import { LIFECYCLE_MESSAGES } from './lifecycle.ts';

/**
 * The couriers a Greek shop ships with, and where a shopper follows a parcel on each one's own
 * site. Any other courier is named in free text and gets no link.
 */
export const CARRIERS = {
  acs: {
    name: 'ACS Courier',
    tracking: 'https://www.acscourier.net/el/myacs/anafores-apostolwn/anazitisi-apostolwn/?trackingNumber=',
  },
  elta: { name: 'ΕΛΤΑ Courier', tracking: 'https://www.elta-courier.gr/search?br=' },
  geniki: { name: 'Γενική Ταχυδρομική', tracking: 'https://www.taxydromiki.com/track/' },
  speedex: { name: 'Speedex', tracking: 'https://www.speedex.gr/isapohi.asp?voucher_code=' },
  boxnow: { name: 'BOX NOW', tracking: 'https://boxnow.gr/?track=' },
} as const;

export type CarrierId = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as CarrierId[];

/** How an order left: a known courier's parcel number, or another courier by name. */
export type Shipment =
  | { carrier: CarrierId; trackingNumber: string }
  | { carrier: 'other'; carrierName: string; trackingNumber: string };

const tracking = z.string().trim().max(60);
export const shipmentSchema = z
  .object({
    carrier: z.enum([...CARRIER_IDS, 'other'], { error: LIFECYCLE_MESSAGES.carrier }),
    carrierName: z.string().trim().max(60).default(''),
    trackingNumber: tracking.default(''),
  })
  .superRefine((value, context) => {
    if (value.carrier === 'other' && value.carrierName.length < 2)
      context.addIssue({ code: 'custom', path: ['carrierName'], message: LIFECYCLE_MESSAGES.carrierName });
    if (value.carrier !== 'other' && !/^[A-Za-z0-9-]{4,40}$/.test(value.trackingNumber))
      context.addIssue({
        code: 'custom',
        path: ['trackingNumber'],
        message: LIFECYCLE_MESSAGES.trackingNumber,
      });
  })
  .transform(
    (value): Shipment =>
      value.carrier === 'other'
        ? { carrier: 'other', carrierName: value.carrierName, trackingNumber: value.trackingNumber }
        : { carrier: value.carrier, trackingNumber: value.trackingNumber },
  );

export const carrierName = (shipment: Shipment): string =>
  shipment.carrier === 'other' ? shipment.carrierName : CARRIERS[shipment.carrier].name;

/** The page where the shopper follows the parcel, or null for a courier the shop does not know. */
export const trackingUrl = (shipment: Shipment): string | null =>
  shipment.carrier === 'other'
    ? null
    : `${CARRIERS[shipment.carrier].tracking}${encodeURIComponent(shipment.trackingNumber)}`;
