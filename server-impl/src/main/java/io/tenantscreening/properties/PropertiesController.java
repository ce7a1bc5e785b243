package io.tenantscreening.properties;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.PropertiesApi;
import io.tenantscreening.api.model.CreatePropertyRequest;
import io.tenantscreening.api.model.PropertyList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.web.RequestThreads;

import java.util.Map;

/** POST /properties, GET /properties, GET /properties/{id}. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class PropertiesController implements PropertiesApi {

    private static final String LIST = "properties";
    private static final String PATH = "/properties";

    private final PropertyService properties;
    private final ListLinks links;
    private final ServiceSettings settings;

    public PropertiesController(PropertyService properties, ListLinks links, ServiceSettings settings) {
        this.properties = properties;
        this.links = links;
        this.settings = settings;
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.RentalProperty> createProperty(CreatePropertyRequest request,
                                                                              @Nullable String serviceTenantVersion) {
        PropertyService.CreateResult result = properties.findOrCreate(Caller.current().tenant(),
                PropertyMapper.toAddress(request.getProperty()));
        Property property = result.property();
        return HttpResponse.<io.tenantscreening.api.model.RentalProperty>status(result.created() ? HttpStatus.CREATED : HttpStatus.OK)
                .header("Location", settings.url(PATH + "/" + property.id()))
                .body(PropertyMapper.toApi(property));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.RentalProperty> getProperty(String id, @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(PropertyMapper.toApi(properties.get(Caller.current().tenant(), id)));
    }

    @Override
    public HttpResponse<PropertyList> listProperties(@Nullable String serviceTenantVersion, @Nullable String cursor,
                                                     @Nullable Integer perPage) {
        Tenant tenant = Caller.current().tenant();
        PageRequest request = links.request(LIST, tenant, cursor, perPage);
        Page<Property> page = properties.list(tenant, request);
        return HttpResponse.ok(PropertyMapper.toApi(page, links.links(LIST, PATH, tenant, page, request.perPage(), Map.of())));
    }
}
