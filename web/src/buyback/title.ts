/** The labels of what the selector has chosen so far, each level's or null. */
export interface ChosenLabels {
  readonly type: string | null;
  readonly manufacturer: string | null;
  readonly model: string | null;
  readonly color: string | null;
}

/**
 * What a page of the selector is about, for its title: the device as far as it is chosen
 * ("Apple iPhone 13 128 GB, Blue", "Apple", "Mobilní telefony"), or null on the bare page.
 */
export function deviceOf(labels: ChosenLabels): string | null {
  const device = [labels.manufacturer, labels.model].filter(Boolean).join(' ');
  if (device) return labels.color ? `${device}, ${labels.color}` : device;
  return labels.type;
}
