// What a publisher might do with the SDK's outcomes: log each save and each failure on the page.
window.pinErrors = [];
window.onPinError = (outcome) => window.pinErrors.push(outcome);
document.addEventListener('corkboard:save', (event) => {
  const log = document.getElementById('log') || document.body.appendChild(Object.assign(document.createElement('pre'), { id: 'log' }));
  log.textContent += `corkboard:save ${JSON.stringify(event.detail)}\n`;
});
