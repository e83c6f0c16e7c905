// gaf_view.js — the MCP Apps GAF viewer (ui://kbot/gaf), shown for gaf_list and
// gaf_export: the explorer's GAF page (gaf.js) on the file the tool looked at, starting at
// the sequence, frame, palette, transparency and scale the call asked for.
import { showGaf } from '../static/gaf.js';
import { runView, defaultContext } from './bridge.js';

// The page's route params for what the call asked (gaf_export's summary says which
// sequence it drew when the call named it or left it out).
function routeFor(args, summary) {
  const params = new URLSearchParams();
  const sequence = summary.sequence ?? args.sequence;
  if (sequence !== undefined && sequence !== null) params.set('seq', String(sequence));
  if (Number.isInteger(args.frame)) params.set('frame', String(args.frame));
  if (args.palette) params.set('palette', args.palette);
  if (args.transparency !== undefined && args.transparency !== '') params.set('transparency', String(args.transparency));
  if (Number.isInteger(args.scale)) params.set('zoom', String(args.scale));
  return params;
}

runView({
  name: 'kbot GAF viewer',
  async show(main, args, result) {
    const summary = result.structuredContent || {};
    const ctx = await defaultContext(args, result);
    const path = summary.path || args.path;
    if (!path) throw new Error('the call named no GAF file');
    return showGaf(main, ctx, path, routeFor(args, summary));
  },
});
