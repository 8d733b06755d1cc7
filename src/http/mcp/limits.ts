/**
 * What one POST /v1/mcp may carry and answer. Every message counts as a request, and these bound what
 * one request can make the service do and send: without them a 55 KB batch of 100 tools/list messages
 * (46 KB of answer each) came back as 4.7 MB.
 */
export const MCP_LIMITS = {
  /** JSON-RPC messages in one batch (protocol 2025-06-18 sends none; older clients pair a notification with a request). */
  maxBatchMessages: 10,
  /** A batch's answer, all its messages' answers together; one message's answer is always sent whole. */
  maxBatchAnswerBytes: 256 * 1024,
} as const;

/** The JSON-RPC error code of an answer left out of a batch's answer (the range JSON-RPC leaves to servers). */
export const ANSWER_LEFT_OUT_CODE = -32000;
