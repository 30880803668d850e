import type { Category } from '@buyloop/contracts/catalogue/categories';
import { childrenOf, type CategoryNode, type CategoryTreeState } from './events';

/** A category as the API answers it (spec 3's field names), from the tree's state. */
export function categoryView(state: CategoryTreeState, node: CategoryNode): Category {
  return {
    id: node.id,
    name: node.name,
    parent: node.parentId,
    seo_name: node.seoName,
    children: node.childIds.length > 0,
    for_display: node.forDisplay,
    for_buyout: node.forBuyout,
    for_service: node.forService,
    filterable: node.filterable,
    manufacturers: [...node.manufacturerIds],
    photo_id: node.photoId,
    type_device: node.typeDeviceId,
    seo_title: node.seoTitle,
    seo_description: node.seoDescription,
    position: childrenOf(state, node.parentId).indexOf(node.id),
  };
}
