// A tiny "app": each click renders another recipe card, with an image and a Save link, long after pinit.js ran.
let count = 0;
document.getElementById('more').addEventListener('click', () => {
  count++;
  const card = document.createElement('article');
  card.className = 'card';
  const img = Object.assign(document.createElement('img'), { src: '/img/mountain-lake.png', width: 400, height: 300, alt: `Recipe ${count}` });
  const link = Object.assign(document.createElement('a'), {
    href: `https://www.pinterest.com/pin/create/button/?description=${encodeURIComponent(`Recipe ${count}`)}`,
  });
  link.setAttribute('data-pin-do', 'buttonPin');
  link.setAttribute('data-pin-media', new URL('/img/mountain-lake.png', location.href).href);
  card.append(img, link);
  document.getElementById('feed').append(card);
});
