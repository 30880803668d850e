export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly image?: string;
  readonly image_alt?: string;
}

export interface ConditionChoice {
  readonly label: string;
  readonly value: string;
  readonly disabled: boolean;
  readonly appraisal_result: string | null;
  readonly price_correction: number;
}

export interface DeviceCondition {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  readonly type: string;
  readonly choices: readonly ConditionChoice[];
}

export interface Appraisal {
  readonly appraisal_result: readonly { id: string; quality: string; url: string; price: number }[];
  readonly device_conditions: readonly DeviceCondition[];
  readonly default_device_condition_choices: Readonly<Record<string, readonly string[]>>;
  readonly version: number;
  readonly minimal_buyout_price: number;
}

export interface Quote {
  readonly quality: string | null;
  readonly price: number | null;
  readonly currency: string;
  readonly can_buy: boolean;
  readonly message?: string;
}

export interface SelectorResponse {
  readonly selected_choices: {
    readonly product_type: string | null;
    readonly product_manufacturer: string | null;
    readonly product_model: string | null;
    readonly product_color: string | null;
    readonly device_condition: string | null;
    readonly device_condition_choices: readonly string[] | null;
  };
  readonly choices: {
    readonly product_type: readonly Choice[];
    readonly product_manufacturer: readonly Choice[] | null;
    readonly product_model: readonly Choice[] | null;
    readonly product_color: readonly Choice[] | null;
  };
  readonly appraisal: Appraisal | null;
  readonly quote: Quote | null;
  readonly url: string;
}

export interface ChoicesResponse {
  readonly choices: readonly Choice[];
  readonly url: string;
}

export interface CountriesResponse {
  readonly choices: readonly Choice[];
  readonly default: string;
}

export interface TimelineEntry {
  readonly type: string;
  readonly at: string;
  readonly title: string;
  readonly text: string;
}

/** GET /api/buyout/{number}?token= */
export interface BuybackStatus {
  readonly buyout_number: string;
  readonly status: string;
  readonly status_label: string;
  readonly status_since: string;
  readonly device_label: string;
  readonly price: number;
  readonly price_text: string;
  readonly currency: string;
  readonly revised_offer: {
    readonly previous_price: number;
    readonly price: number;
    readonly reasons: readonly string[];
    readonly expires_at: string;
    readonly outcome: string;
  } | null;
  readonly timeline: readonly TimelineEntry[];
  readonly next_step: string;
  readonly can_accept_revised_offer: boolean;
  readonly can_reject_revised_offer: boolean;
  readonly can_cancel: boolean;
  readonly conditions_appraisal_result?: { quality: string | null; price: number | null };
  readonly product_type_choice?: Choice | null;
  readonly manufacturer_choice?: Choice | null;
  readonly product_model_choice?: Choice | null;
  readonly product_color_choice?: Choice | null;
  readonly selected_device_condition_choices?: readonly string[] | null;
  readonly created_at?: string;
}
