/**
 * Phoenix channel frames as @supabase/realtime-js speaks them (wire contract §4):
 * vsn 1.0.0 sends JSON objects, vsn 2.0.0 JSON arrays `[join_ref, ref, topic, event,
 * payload]` plus binary user-broadcast frames (kind 3 from the client, kind 4 to it).
 */

export type Vsn = '1.0.0' | '2.0.0'

export const SUPPORTED_VSN: ReadonlySet<string> = new Set(['1.0.0', '2.0.0'])

/** One channel message, in either direction. */
export type Message = {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

/** A user broadcast whose payload arrived as raw bytes (binary frame, encoding 0). */
export type BinaryPayload = { bytes: Buffer }

const KIND_USER_BROADCAST_PUSH = 3
const KIND_USER_BROADCAST = 4
const ENCODING_BINARY = 0
const ENCODING_JSON = 1

export class ProtocolError extends Error {}

function optionalString(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  throw new ProtocolError('refs must be strings')
}

function required(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new ProtocolError(`${what} must be a string`)
  return value
}

/** Parses a text frame of the socket's serializer version. */
export function decodeText(vsn: Vsn, text: string): Message {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ProtocolError('frame is not JSON')
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5)
      throw new ProtocolError('a 2.0.0 frame is a 5-element array')
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    return {
      joinRef: optionalString(joinRef),
      ref: optionalString(ref),
      topic: required(topic, 'topic'),
      event: required(event, 'event'),
      payload,
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ProtocolError('a 1.0.0 frame is a JSON object')
  const frame = parsed as Record<string, unknown>
  return {
    joinRef: optionalString(frame.join_ref),
    ref: optionalString(frame.ref),
    topic: required(frame.topic, 'topic'),
    event: required(frame.event, 'event'),
    payload: frame.payload,
  }
}

/**
 * Parses a binary frame: only the client's user-broadcast push (kind 3) exists. The
 * result has the shape of a JSON `broadcast` push; a raw-bytes payload comes back as
 * `BinaryPayload`.
 */
export function decodeBinary(frame: Buffer): Message {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  if (frame.length < 7 || frame[0] !== KIND_USER_BROADCAST_PUSH)
    throw new ProtocolError('unknown binary frame')
  const lengths = [frame[1], frame[2], frame[3], frame[4], frame[5]].map((n) => n ?? 0)
  const encoding = frame[6]
  let offset = 7
  const strings: string[] = []
  for (const length of lengths) {
    if (offset + length > frame.length) throw new ProtocolError('truncated binary frame')
    try {
      strings.push(decoder.decode(frame.subarray(offset, offset + length)))
    } catch {
      throw new ProtocolError('binary frame header is not UTF-8')
    }
    offset += length
  }
  const [joinRef = '', ref = '', topic = '', userEvent = '', metadata = ''] = strings
  const body = frame.subarray(offset)
  let payload: unknown
  if (encoding === ENCODING_JSON) {
    try {
      payload = JSON.parse(decoder.decode(body))
    } catch {
      throw new ProtocolError('binary frame payload is not JSON')
    }
  } else if (encoding === ENCODING_BINARY) {
    payload = { bytes: Buffer.from(body) } satisfies BinaryPayload
  } else throw new ProtocolError('unknown payload encoding')
  const broadcast: Record<string, unknown> = { type: 'broadcast', event: userEvent, payload }
  if (metadata) {
    try {
      Object.assign(broadcast, JSON.parse(metadata) as object)
    } catch {
      throw new ProtocolError('binary frame metadata is not JSON')
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: broadcast,
  }
}

/** Serialises a message for a socket of the given version. */
export function encodeText(vsn: Vsn, message: Message): string {
  if (vsn === '2.0.0')
    return JSON.stringify([
      message.joinRef,
      message.ref,
      message.topic,
      message.event,
      message.payload,
    ])
  return JSON.stringify({
    join_ref: message.joinRef,
    ref: message.ref,
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  })
}

/**
 * A user broadcast with a raw-bytes payload, as the server's kind-4 frame (vsn 2.0.0
 * only: 1.0.0 has no way to carry bytes).
 */
export function encodeBinaryBroadcast(topic: string, userEvent: string, bytes: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8')
  const eventBytes = Buffer.from(userEvent, 'utf8')
  if (topicBytes.length > 255 || eventBytes.length > 255)
    throw new ProtocolError('topic or event too long for a binary frame')
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    ENCODING_BINARY,
  ])
  return Buffer.concat([header, topicBytes, eventBytes, bytes])
}

/** True when `value` is a raw-bytes broadcast payload from `decodeBinary`. */
export function isBinaryPayload(value: unknown): value is BinaryPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as { bytes?: unknown }).bytes)
  )
}
