import sanitizeHtml from 'sanitize-html';

/**
 * A master's description is rich text typed in the back office and shown
 * on the storefront as HTML, so it is sanitised on the way in, in the
 * application service before the command is decided (the decider stays
 * pure and stores what it is given). The allow-list is what a product text
 * needs: paragraphs, headings, emphasis, lists, simple tables and links;
 * no scripts, styles, images (photos are photo ids), frames or event
 * handlers, and links only to http(s) and mailto, opened without access to
 * our page.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // rel and target are set by the transform below (it runs before attributes are filtered), whatever was sent.
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer', target: '_blank' }),
  },
};

export function sanitiseDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
