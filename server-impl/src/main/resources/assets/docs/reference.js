// The reference page: Swagger UI over the contract this instance serves. No validator badge
// (it would call validator.swagger.io); everything the page loads comes from this service.
window.ui = SwaggerUIBundle({
  url: '/openapi.yaml',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 1,
});
