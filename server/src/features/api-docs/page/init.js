/* global SwaggerUIBundle */
// A file of its own rather than an inline script: the Content-Security-Policy allows only scripts from this site.
SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // The public validator would send the description to another site.
  validatorUrl: null,
});
