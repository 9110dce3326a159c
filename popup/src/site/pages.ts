/** The site's own pages (issue 27) in one lazy chunk: the not-found page and 'Contact us'. */
export { PathNotFound } from './NotFound';
export { ContactPage } from './ContactPage';
