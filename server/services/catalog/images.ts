// Public URLs of stored images (files under $DATA_DIR/images, served at /images/).
export const propertyImageUrl = (file: string) => `/images/properties/${file}`
export const propertyLargeImageUrl = (file: string) => `/images/properties/large/${file}`
export const agencyImageUrl = (file: string | null) =>
  file ? `/images/agencies/${file}` : '/icons/agency.svg'
export const locationImageUrl = (file: string | null) => (file ? `/images/locations/${file}` : null)
