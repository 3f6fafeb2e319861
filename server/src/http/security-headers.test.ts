import { describe, expect, it } from 'vitest';
import { socketSources } from './security-headers.js';

describe('socketSources', () => {
  it('gives the WebSocket form of each origin once', () => {
    expect(socketSources(['http://localhost:4300', 'https://app.example.com', 'http://localhost:4300'])).toEqual([
      'ws://localhost:4300',
      'wss://app.example.com',
    ]);
  });

  it('leaves out IPv6 literals, which a CSP source cannot name', () => {
    expect(socketSources(['http://localhost:4300', 'http://127.0.0.1:4300', 'http://[::1]:4300'])).toEqual([
      'ws://localhost:4300',
      'ws://127.0.0.1:4300',
    ]);
  });
});
