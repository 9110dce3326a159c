// Fills the page with data-count distinct images (the same file, distinct URLs) and marks when all have loaded.
const grid = document.getElementById('grid');
const count = Number(grid.dataset.count);
let pending = count;
const done = () => --pending === 0 && document.body.setAttribute('data-loaded', String(count));
for (let i = 0; i < count; i++) {
  const img = new Image();
  img.onload = img.onerror = done;
  img.alt = `Tart ${i}`;
  img.src = `/img/lemon-tart.png?n=${i}`;
  grid.append(img);
}
