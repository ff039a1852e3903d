// The function's answers to its caller: JSON with the CORS headers every answer carries, and
// the refusals more than one route gives.

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
}
export const answer = (status: number, body: unknown) =>
  Response.json(body, { status, headers: CORS })
export const refuse = (status: number, error: string) => answer(status, { error })

export const EXPIRED_LINK =
  'This link has expired or is not valid. Ask for alerts again on the team’s page, or use the link in a newer email.'

export const PUSH_NOT_CONFIGURED = 'Alerts on this device are not available on this site yet.'
