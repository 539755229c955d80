// POST /<key> with a body: stored in R2 as it streams in, nothing checked.
export default {
  async fetch(request, env) {
    if (request.method !== 'POST') return new Response('ready');
    await env.DOCUMENTS.put(new URL(request.url).pathname.slice(1), request.body);
    return new Response(null, { status: 201 });
  },
};
