import type { MasterCreateRequest, MasterUpdateRequest } from '@buyloop/contracts/catalogue/products';
import type { MasterInput } from '../service';

/** The service's input from the request's snake_case (absent fields stay absent: an update changes only what is sent). */
export function masterInputOf(body: MasterUpdateRequest): Partial<MasterInput> {
  return {
    name: body.name,
    seoName: body.seo_name,
    manufacturerId: body.manufacturer_id,
    typeDeviceId: body.type_device_id,
    description: body.description,
    params: body.params,
    photoIds: body.photo_ids,
    package: body.package,
    seoTitle: body.seo_title,
    seoDescription: body.seo_description,
  };
}

export const masterCreateInputOf = (body: MasterCreateRequest): MasterInput => masterInputOf(body) as MasterInput;
