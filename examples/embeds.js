// The demo's embedded pins name a pin saved on this machine: ?pin=<id> (a fresh database has none).
const pin = new URLSearchParams(location.search).get('pin');
if (pin && /^\d{1,20}$/.test(pin)) {
  for (const link of document.querySelectorAll('a[data-pin-do="embedPin"]')) link.href = link.href.replace('/pin/0/', `/pin/${pin}/`);
}
