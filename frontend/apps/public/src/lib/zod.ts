import { z } from 'zod';

// Zod probes `new Function` once to speed parsing up; a strict Content-Security-Policy (the server's
// allows no eval) reports that probe as a violation even though Zod catches it. Parse without it.
z.config({ jitless: true });

export { z };
