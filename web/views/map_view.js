// map_view.js — the MCP Apps map viewer (ui://kbot/map), shown for map_render: the
// explorer's GTA1 city map page (gta.js: pan, zoom, a click on a cell describes it with
// map_describe) on the map the tool drew. map_render draws TA maps too; those are shown
// as the tool's picture, as no page of this view explores them.
import { showMap } from '../static/gta.js';
import { runView, defaultContext, showPictures } from './bridge.js';

runView({
  name: 'kbot map viewer',
  async show(main, args, result) {
    const summary = result.structuredContent || {};
    const path = summary.path || args.path || '';
    if (!/\.cmp$/i.test(path)) return showPictures(main, result);
    const ctx = await defaultContext(args, result);
    const params = new URLSearchParams();
    if (Number.isInteger(args.scale)) params.set('scale', String(args.scale));
    return showMap(main, ctx, path, params);
  },
});
