import type { Decider } from '@buyloop/kit';
import { evolveImage, initialImageState, neverImageCase, type ImageEvent, type ImageState } from './events';
import { decideUploadImage, type UploadImage } from './upload-image/decide';

export type ImageCommand = UploadImage;

/** The decider of an image stream (`image-<id>`). */
export const imageDecider: Decider<ImageCommand, ImageEvent, ImageState> = {
  initialState: initialImageState,
  evolve: evolveImage,
  decide(command, state) {
    switch (command.type) {
      case 'UploadImage':
        return decideUploadImage(command, state);
      default:
        return neverImageCase(command.type);
    }
  },
};
