/**
 * The feed page's script: a TanStack Virtual list on the window, rendered in an animation frame
 * after each change (as many feeds do), AOS reveal on scroll, a lazy loader that swaps images
 * 300 ms after its IntersectionObserver sees them, a Splide carousel on autoplay, and two
 * entrance animations. `window.feedState()` says whether the page moves again afterwards.
 */
import Splide from '@splidejs/splide';
import { CAROUSEL } from '../scroll-pages';
import { mountWindowList } from './window-list';

declare const AOS: { init(o: object): void };

const feed = mountWindowList(document.getElementById('feed')!);

// A throttle slower than AOS's 99 ms default, as sites set it: its last call comes well after a
// quick scroll-through has ended (the capture's warm-up once jumped back to the top before it).
AOS.init({ duration: 600, once: true, throttleDelay: 250 });

const lazy = new IntersectionObserver((entries) => {
  for (const e of entries) {
    if (!e.isIntersecting) continue;
    const img = e.target as HTMLImageElement;
    lazy.unobserve(img);
    setTimeout(() => (img.src = img.dataset.src!), 300);
  }
});
document.querySelectorAll<HTMLImageElement>('img.lazy').forEach((img) => lazy.observe(img));

const carousel = document.getElementById('carousel')!;
carousel.style.top = `${innerHeight - CAROUSEL.height / 2}px`; // straddles the first seam
const splide = new Splide(carousel, { type: 'loop', autoplay: true, interval: CAROUSEL.interval, speed: CAROUSEL.speed, arrows: false, pagination: false, pauseOnHover: false, pauseOnFocus: false });
let moves = 0;
splide.on('moved', () => moves++);
splide.mount();

requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById('slide')!.classList.add('in')));

(window as unknown as { feedState(): object }).feedState = () => ({ moves, rows: feed.children.length });
