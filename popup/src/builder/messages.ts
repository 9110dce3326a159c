import { defineMessages } from '../i18n';

const NAMESPACE = 'builder';

/**
 * The pin builder's words (issue 20), a lazy chunk per language as the builder is. Its refusals of a
 * file quote api/src/media/rules.ts (the server says the same): `refusal` finds the words for them.
 *
 * English is a const of its own: each language's file is typed by it, and the loaders name those files.
 */
export const english = {
  logInToCreate: 'Log in or sign up to create Pins from your own images.',
  turnedOff: 'Creating Pins is turned off for your account right now.',
  image: 'Image',
  videoPreview: 'Video preview',
  imagePreview: 'Preview of your image',
  chooseImageOrVideo: 'Choose an image or a video from your device.',
  chooseImageHint: 'Choose an image from your device.',
  chooseAnother: 'Choose another file',
  chooseFile: 'Choose a file',
  chooseImage: 'Choose an image',
  title: 'Title',
  titlePlaceholder: 'Add your title',
  description: 'Description',
  descriptionPlaceholder: 'Tell everyone what your Pin is about',
  link: 'Link',
  linkPlaceholder: 'Add a destination link',
  checkLink: 'Check link',
  linkWorks: 'The link works: people will land on {{url}}.',
  linkNotFollowed: 'People would not be sent to this link ({{status}}). Check the address.',
  // The shop-the-pin control (ProductTags.tsx); the refusals are pins/rules/product-tags.ts's, word for word in English
  tagProducts: "Tag products",
  tagProductsHint: "Add up to {{max}} products people can shop from this Pin.",
  productLink: "Product link",
  productTitle: "Product title",
  productPrice: "Price (optional)",
  addProduct: "Add product",
  removeProduct: "Remove {{title}}",
  productLinkHttps: "A product link must be an https URL.",
  productLinkCredentials: "A product link may not hold a user name or password (it would hide where it really goes).",
  productLinkMisleading: "A product link must name its shop plainly: no bare IP address, no unusual port, no look-alike letters.",
  productTitleMissing: "Give the product a title.",
  productDuplicate: "This product is already tagged on the Pin.",
  productsFull: "A Pin can tag at most {{max}} products.",
  // The carousel control (Carousel.tsx); place 1 is the pin's own image
  carousel: 'Carousel',
  carouselHint: "Add images to make a carousel of up to {{max}}: your Pin's image comes first, the rest in this order.",
  addImages: 'Add images',
  carouselUploading: 'Uploading images…',
  carouselImage: 'Carousel image {{n}}',
  moveEarlier: 'Move image {{n}} earlier',
  moveLater: 'Move image {{n}} later',
  removeImage: 'Remove image {{n}}',
  carouselFull: 'A carousel has at most {{max}} images.',
  altText: 'Alt text',
  altTextPlaceholder: "Describe your Pin's visual details",
  board: 'Board: {{board}}',
  change: 'Change',
  publish: 'Publish',
  // saving.md section 4's steps, as the user sees them (steps.ts)
  uploading: 'Uploading…',
  processing: 'Processing…',
  edited: 'Ready to publish',
  publishing: 'Publishing…',
  saved: 'Saved',
  yourVideo: 'Your video',
  yourPin: 'Your Pin',
  createAnother: 'Create another Pin',
  // Tips for business accounts (Education.tsx)
  educationTitle: 'Tips for a great Pin',
  tipVertical: 'Use a vertical image: a 2:3 ratio, such as 1000 by 1500 pixels, shows best in the feed.',
  tipTitle: 'Give it a clear title that says what the Pin is about.',
  tipLink: 'Link to the page people should land on, such as the product or the article, not just your home page.',
  tipAltText: 'Add alt text that describes the image, for people who use screen readers.',
  tipDescription: 'Write a description with the words people would search for.',
  dismissTips: 'Got it, hide tips',
  // Editing an uploaded image (EditImage.tsx)
  editTitle: 'Edit image',
  editPreview: 'Preview of your edit',
  editSize: 'Result: {{width}} × {{height}} pixels',
  rotate: 'Rotate 90°',
  crop: 'Crop',
  aspectOriginal: 'Original',
  aspectSquare: 'Square (1:1)',
  aspectPortrait: 'Portrait (2:3)',
  aspectTall: 'Portrait (4:5)',
  aspectFree: 'Free',
  cropLeft: 'Left (%)',
  cropTop: 'Top (%)',
  cropWidth: 'Width (%)',
  cropHeight: 'Height (%)',
  applyEdit: 'Apply edit',
  // api/src/media/rules.ts, word for word once filled (builder.test.tsx)
  notMedia: 'That file is not an image we can save. Choose a JPEG, PNG, GIF or WebP image.',
  notMediaWithVideo: 'That file is not an image or video we can save. Choose a JPEG, PNG, GIF or WebP image, or an MP4 or WebM video.',
  imageTooLarge: 'Images can be up to {{size}}. Choose a smaller file.',
  videoTooLarge: 'Videos can be up to {{size}}. Choose a smaller file.',
};

export const messages = defineMessages(NAMESPACE, english, (lang) => import(`./locales/${lang}.ts`));

export const { t, tn } = messages;
