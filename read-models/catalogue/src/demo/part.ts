import { demoDataSet } from '@buyloop/catalogue';
import type { CataloguePart } from '../part';
import { drawDemoPictures, loadCatalogueDemoData, modelsWithoutPictures } from './load-demo-data';

/**
 * The catalogue's demo area: no streams or routes of its own. When the API
 * starts with demo data it loads the demo catalogue (load-demo-data.ts)
 * after every other area has opened and loaded its own demo data, then
 * draws the models' pictures in the background while the API serves.
 */
export const demoPart = (): CataloguePart<null> => ({
  name: 'demo',
  projections: [],
  streams: {},
  async open(context) {
    const stopping = new AbortController();
    let drawing: Promise<void> | null = null;
    return {
      routes: [],
      handle: null,
      async loadDemoData() {
        const data = demoDataSet(context.market, context.clock());
        const { lines } = await loadCatalogueDemoData(context, { data });
        const missing = await modelsWithoutPictures(context, data);
        if (missing.length === 0) return lines;
        const began = Date.now();
        drawing = drawDemoPictures(context, data, missing, stopping.signal)
          .then(({ models, pictures }) => {
            const seconds = ((Date.now() - began) / 1000).toFixed(1);
            if (stopping.signal.aborted)
              context.logger.info(
                `Demo catalogue pictures: ${pictures} drawn before the stop; the rest follows at the next start`,
              );
            else
              context.logger.info(`Demo catalogue pictures attached in ${seconds} s: ${pictures} pictures to ${models} models`);
          })
          .catch((error: unknown) => context.logger.error('Drawing the demo catalogue pictures failed', { error }));
        return [...lines, `Demo catalogue pictures: drawing ${missing.length} models' pictures in the background`];
      },
      async stop() {
        stopping.abort();
        await drawing;
      },
    };
  },
});
