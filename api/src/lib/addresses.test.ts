import { describe, expect, it } from 'vitest';
import { isPublicAddress, refusalReason, v6Groups } from './addresses.js';

describe('the outbound address check', () => {
  it.each([
    ['10.0.0.1', 'a private address'],
    ['10.255.255.255', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.254', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.8.9.10', 'a loopback address'],
    ['0.0.0.0', 'a "this network" address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456:789a::1', 'a private address'],
    ['fe80::1', 'a link-local address'],
    ['febf:ffff::1', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.1.2.3', 'a private address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    ['64:ff9b::a9fe:a9fe', 'a link-local address'],
    ['2002:c0a8:0101::1', 'a private address'],
    ['::127.0.0.1', 'a reserved address'],
    ['2001:db8::1', 'a documentation address'],
    ['[::1]', 'a loopback address'],
    ['localhost', 'not an IP address'],
    ['2130706433', 'not an IP address'],
  ])('refuses %s as %s', (ip, reason) => {
    expect(refusalReason(ip)).toBe(reason);
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.1',
    '192.167.1.1',
    '169.253.1.1',
    '11.0.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '2a00:1450:4001::200e',
  ])('lets %s through', (ip) => expect(isPublicAddress(ip)).toBe(true));

  it('expands IPv6 forms to eight groups', () => {
    expect(v6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(v6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(v6Groups('fe80::1:2')).toEqual([0xfe80, 0, 0, 0, 0, 0, 1, 2]);
  });
});
