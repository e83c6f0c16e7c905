// Reading a tools/call result: its text, its structuredContent, its image.
import assert from 'node:assert/strict';

export function textOf(result) {
  const block = result.content.find((c) => c.type === 'text');
  assert.ok(block, `no text block in ${JSON.stringify(result.content).slice(0, 200)}`);
  return block.text;
}

// A successful tool result: not an error, structuredContent present and repeated as JSON text.
export function structured(result, tool) {
  assert.notEqual(result.isError, true, `${tool} returned isError: ${result.isError ? textOf(result) : ''}`);
  assert.ok(result.structuredContent, `${tool}: no structuredContent`);
  assert.deepEqual(JSON.parse(textOf(result)), result.structuredContent, `${tool}: text block differs from structuredContent`);
  return result.structuredContent;
}

export function imageBlock(result) {
  const block = result.content.find((c) => c.type === 'image');
  assert.ok(block, `no image block in ${JSON.stringify(result.content.map((c) => c.type))}`);
  assert.ok(typeof block.data === 'string' && block.data.length > 0, 'empty image data');
  return { mimeType: block.mimeType, bytes: Buffer.from(block.data, 'base64'), base64: block.data };
}
