// The 404 page: record which path the visitor tried (no React needed).
export default function notFound() {
  console.error('404 Error: User attempted to access non-existent route:', location.pathname);
}
