import type { EmulatorAnswer, EmulatorContext } from './emulator-context';
import type { GatewayRoute } from './gateway-route';

/** The answer when the credentials do not reach the merchant a request names. */
export const unauthorized: EmulatorAnswer = { status: 401, body: 'Unauthorized' };

/** The methods the emulator takes for a write. */
export const writes = ['PUT', 'POST'];

/** A write whose body names a merchant: refused (401) when the credentials do not reach it. */
export function merchantWrite(
  endpoint: string,
  operate: (context: EmulatorContext, body: Record<string, unknown>) => EmulatorAnswer,
): GatewayRoute {
  return {
    endpoint,
    methods: writes,
    params: [0],
    async answer(context, call) {
      const body = await call.body();
      if (typeof body.merchid === 'string' && !call.allowed(body.merchid)) return unauthorized;
      return operate(context, body);
    },
  };
}
