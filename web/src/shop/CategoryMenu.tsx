import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useT } from '../i18n';
import { useApi } from '../app/api';
import { useMarket } from '../app/context';
import { PAGE_PATHS } from '../app/market';
import { categoriesQuery } from './queries';

/**
 * The hamburger menu (spec 2/7): the category tree in a disclosure panel. The tree is part of the
 * server's HTML (search engines follow it) but hidden until the button opens it; Escape or a
 * chosen link closes it and focus returns to the button.
 */
export function CategoryMenu() {
  const t = useT();
  const api = useApi();
  const id = useId();
  const location = useLocation();
  const market = useMarket();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const tree = useQuery({ ...categoriesQuery(api), staleTime: 5 * 60_000 });

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="menu__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
        data-testid="menu-button"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <span className="menu__label">{t('nav.categories')}</span>
      </button>
      <nav id={`${id}-panel`} className="menu__panel" hidden={!open} aria-label={t('nav.categories')}>
        {tree.isError ? <p className="muted">{t('catalog.loadError')}</p> : null}
        <ul className="menu__tree">
          {(tree.data?.categories ?? []).map((node) => (
            <li key={node.id}>
              <Link to={`/${node.seo_name}`} className="menu__top">
                {node.name}
              </Link>
              {node.children.length > 0 ? (
                <ul>
                  {node.children.map((child) => (
                    <li key={child.id}>
                      <Link to={`/${child.seo_name}`}>{child.name}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="menu__extra">
          <Link to={market.paths.base}>{t('nav.buyback')}</Link>
          <Link to={PAGE_PATHS.stores}>{t('nav.stores')}</Link>
          <Link to={market.shop.favourites}>{t('nav.favourites')}</Link>
          <Link to={market.shop.faq}>{t('nav.faq')}</Link>
          <Link to={PAGE_PATHS.contact}>{t('nav.contact')}</Link>
        </div>
      </nav>
    </div>
  );
}
