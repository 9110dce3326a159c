/** The site's own pages in one lazy chunk: the not-found page and 'Contact us'. */
export { PathNotFound } from './NotFound';
export { ContactPage } from './ContactPage';
