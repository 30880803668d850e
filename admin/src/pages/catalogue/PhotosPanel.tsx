import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/lang';
import { imageSizePath } from '@buyloop/contracts/catalogue/media-vocabulary';
import { keys, paths, send } from './api';
import { moveItem } from './forms';
import { ImageUpload } from './images/ImageUpload';
import { FormErrors, useForm } from './ui';

/**
 * A master's photos in their order: uploaded here (the media area's upload
 * returns the new image's id and it is attached at once), reordered and
 * removed, and saved as the master's `photo_ids` in one change.
 */
export function PhotosPanel(props: { masterId: string; photoIds: readonly string[]; canManage: boolean }) {
  const { t } = useT();
  const client = useQueryClient();
  const [ids, setIds] = useState<string[]>([...props.photoIds]);
  const form = useForm({});
  const saved = props.photoIds.join('|');
  // A reload (after saving, or another person's change) replaces the list unless it is being edited.
  const changed = ids.join('|') !== saved;
  useEffect(() => {
    setIds(saved ? saved.split('|') : []);
  }, [saved]);

  const save = (list: readonly string[]) =>
    form.submit(async () => {
      await send('PATCH', paths.master(props.masterId), { photo_ids: list });
      await client.invalidateQueries({ queryKey: keys.master(props.masterId) });
    })();
  // An upload is attached at once (with any reordering not saved yet): a forgotten save would lose the image.
  const attach = (imageId: string) => {
    if (ids.includes(imageId)) return;
    const next = [...ids, imageId];
    setIds(next);
    void save(next);
  };

  return (
    <section className="card" aria-labelledby="photos-title" data-testid="master-photos">
      <h2 className="card-title" id="photos-title">
        {t('cat.photos.title')}
      </h2>
      {ids.length === 0 ? (
        <p className="muted">{t('cat.photos.none')}</p>
      ) : (
        <ol className="ctl-photos" data-testid="photo-list">
          {ids.map((id, index) => (
            <li key={id} className="ctl-photo" data-photo={id}>
              <img src={imageSizePath(id, 'thumb')} alt={t('cat.photos.alt', { n: index + 1 })} loading="lazy" />
              {props.canManage && (
                <div className="row-buttons">
                  <button
                    type="button"
                    className="btn btn-small btn-ghost"
                    aria-label={t('cat.photos.earlier', { n: index + 1 })}
                    disabled={index === 0}
                    onClick={() => setIds((current) => moveItem(current, index, -1))}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-ghost"
                    aria-label={t('cat.photos.later', { n: index + 1 })}
                    disabled={index === ids.length - 1}
                    onClick={() => setIds((current) => moveItem(current, index, 1))}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-danger-ghost"
                    aria-label={t('cat.photos.remove', { n: index + 1 })}
                    onClick={() => setIds((current) => current.filter((_, i) => i !== index))}
                  >
                    ✕
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {props.canManage && <ImageUpload onUploaded={(image) => attach(image.id)} />}
      {props.canManage && (
        <>
          <FormErrors form={form} known={[]} />
          {changed && (
            <div className="form-buttons">
              <button
                type="button"
                className="btn btn-primary"
                disabled={form.busy}
                onClick={() => void save(ids)}
                data-testid="photos-save"
              >
                {t('cat.photos.save')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setIds(saved ? saved.split('|') : [])}>
                {t('cat.cancel')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
