import type { Currency, Market } from '@buyloop/kit';
import type { ColourKey } from './colours';

/**
 * The demo data set as plain data: what the catalogue's areas are asked to
 * store, in their own words (read-models/catalogue/src/demo/part.ts turns it
 * into their commands). Times are ISO strings relative to the clock the data
 * set was built with.
 */

export type DemoTypeDeviceId =
  'phone' | 'tablet' | 'smartwatch' | 'charger' | 'case' | 'cable' | 'headphones' | 'insurance' | 'warranty';

export type DemoQuality = 'new' | 'newish' | 'used';
export type DemoGrade = 'A+' | 'A' | 'B' | 'C' | 'D';
export const DEMO_GRADES: readonly DemoGrade[] = ['A+', 'A', 'B', 'C', 'D'];

export interface DemoTypeDevice {
  readonly id: DemoTypeDeviceId;
  readonly name: string;
  readonly seoName: string;
}

export interface DemoManufacturer {
  readonly id: string;
  readonly name: string;
  readonly seoName: string;
}

export interface DemoUnit {
  readonly id: 'piece' | 'gram' | 'gigabyte' | 'month';
  readonly name: string;
  readonly symbol: string;
}

/** An attribute name (spec 7's attr-name choices): what a component param is called, its value type and unit. */
export interface DemoAttributeName {
  readonly id: string;
  readonly name: string;
  readonly valueType: DemoParamType;
  readonly unitId: DemoUnit['id'] | null;
}

/** What a catalogue product is to the cart: goods (a device or an accessory) or a service sold with them. */
export type DemoProductKind = 'device' | 'accessory' | 'insurance' | 'warranty_extension';

/** How the demo picture of a model is drawn. */
export type DemoDrawing =
  'phone' | 'tablet' | 'smartwatch' | 'headphones' | 'earbuds' | 'charger' | 'cable' | 'case' | 'accessory';

export type DemoParamType = 'text' | 'number' | 'boolean';

/** A component param (spec 7): name, value, type; `attributeId` names it among the attribute names. */
export interface DemoParam {
  readonly attributeId: string;
  readonly name: string;
  readonly value: string;
  readonly type: DemoParamType;
}

export interface DemoColour {
  readonly key: ColourKey;
  readonly name: string;
  readonly hex: string;
}

export interface DemoPackage {
  /** Centimetres. */
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  /** Kilograms. */
  readonly weight: number;
}

export interface DemoMaster {
  readonly id: string;
  readonly name: string;
  readonly seoName: string;
  readonly manufacturerId: string;
  readonly typeDeviceId: DemoTypeDeviceId;
  /** Rich text (a paragraph and a list), already safe. */
  readonly description: string;
  readonly params: readonly DemoParam[];
  /** Null for services sent by e-mail: nothing is packed. */
  readonly package: DemoPackage | null;
  readonly year: number | null;
  /** The images of this model, one per colour, in the colours' order. */
  readonly imageIds: readonly string[];
}

export interface DemoProduct {
  readonly code: string;
  readonly masterProductId: string;
  readonly typeDeviceId: DemoTypeDeviceId;
  readonly kind: DemoProductKind;
  readonly ean: string;
  readonly colour: DemoColour | null;
  readonly capacity: string | null;
  readonly quality: DemoQuality;
  /** Only used pieces have a grade. */
  readonly grade: DemoGrade | null;
  readonly longName: string;
  readonly shortName: string;
  /** Percent. */
  readonly vatRate: number;
  readonly preOrder: boolean;
  readonly electronicLicence: boolean;
  readonly externalStock: boolean;
  readonly legalWarrantyMonths: number;
  /** How many months a warranty extension adds; null for everything else. */
  readonly warrantyExtensionMonths: number | null;
}

export interface DemoRelations {
  readonly code: string;
  readonly accessories: readonly string[];
  readonly gifts: readonly string[];
  readonly specialOffers: readonly string[];
  readonly insurance: readonly string[];
  readonly warrantyExtensions: readonly string[];
}

export interface DemoMetaMaster {
  readonly id: string;
  readonly name: string;
  readonly masterProductIds: readonly string[];
}

export interface DemoCategory {
  readonly id: string;
  readonly parentId: string | null;
  readonly name: string;
  readonly seoName: string;
  readonly forDisplay: boolean;
  readonly forBuyout: boolean;
  readonly forService: boolean;
  readonly filterable: boolean;
  readonly manufacturerIds: readonly string[];
  readonly typeDeviceId: DemoTypeDeviceId | null;
}

export interface DemoAssignment {
  readonly categoryId: string;
  readonly masterProductIds: readonly string[];
}

export interface DemoPricePoint {
  /** Whole units of the market's currency, VAT included. */
  readonly price: number;
  readonly validFrom: string;
}

export interface DemoOffer {
  readonly price: number;
  readonly validFrom: string;
  readonly validTo: string;
}

export interface DemoPrice {
  readonly code: string;
  /** Regular prices, oldest first; each holds until the next one. */
  readonly history: readonly DemoPricePoint[];
  /** Time-limited offers over the regular price, oldest first; each reverts by itself at `validTo`. */
  readonly offers: readonly DemoOffer[];
}

/** Pieces on hand at the central warehouse and at the market's three stores (in the stock area's order). */
export interface DemoStock {
  readonly code: string;
  readonly warehouse: number;
  readonly stores: readonly [number, number, number];
}

export interface DemoImage {
  readonly id: string;
  readonly masterProductId: string;
  /** The model's name as printed on the image. */
  readonly title: string;
  readonly manufacturer: string;
  readonly colour: DemoColour | null;
  /** The swatch the image is drawn in (the colour's, or a neutral one). */
  readonly hex: string;
  readonly fileName: string;
  readonly drawing: DemoDrawing;
}

export interface DemoDataSet {
  readonly market: Market;
  readonly currency: Currency;
  readonly typeDevices: readonly DemoTypeDevice[];
  readonly manufacturers: readonly DemoManufacturer[];
  readonly units: readonly DemoUnit[];
  readonly attributeNames: readonly DemoAttributeName[];
  readonly images: readonly DemoImage[];
  readonly masters: readonly DemoMaster[];
  readonly products: readonly DemoProduct[];
  readonly relations: readonly DemoRelations[];
  readonly metaMasters: readonly DemoMetaMaster[];
  readonly categories: readonly DemoCategory[];
  readonly assignments: readonly DemoAssignment[];
  readonly prices: readonly DemoPrice[];
  readonly stock: readonly DemoStock[];
}
