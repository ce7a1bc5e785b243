package io.tenantscreening;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.micronaut.core.convert.TypeConverter;
import io.micronaut.http.annotation.Controller;

import java.util.List;
import java.util.Set;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.annotatedWith;
import static com.tngtech.archunit.lang.conditions.ArchPredicates.are;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layering of the service's packages that docs/design.md#packages gives: each infrastructure
 * package uses only the packages its row of the table names and no feature; the top-level packages
 * form no cycle, so a lower feature reaches a higher one only through an interface it declares;
 * generated models stop at the controllers and their mappers; and a feature reaches another
 * feature's tables only through that feature's service. It reads the service's production classes
 * only: not the tests, not the classes generated from openapi.yaml ({@code io.tenantscreening.api},
 * neither a feature nor infrastructure), and not the bean definitions Micronaut generates at
 * compile time ({@code $Foo$Definition}…), which repeat what their bean's own source says.
 */
@AnalyzeClasses(packages = "io.tenantscreening",
        importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.OwnSourcesOnly.class})
class ArchitectureTest {

    private static final String GENERATED = "io.tenantscreening.api..";
    private static final String GENERATED_MODELS = "io.tenantscreening.api.model..";
    private static final String[] INFRASTRUCTURE = {
            "io.tenantscreening.common..", "io.tenantscreening.errors..", "io.tenantscreening.json..",
            "io.tenantscreening.contract..", "io.tenantscreening.web..", "io.tenantscreening.persistence..",
            "io.tenantscreening.crypto..", "io.tenantscreening.lists..", "io.tenantscreening.idempotency..",
            "io.tenantscreening.pdf.."};

    /** Every class of the service outside the infrastructure: the features, and Application above them. */
    private static final DescribedPredicate<JavaClass> FEATURES = resideInAPackage("io.tenantscreening..")
            .and(not(resideInAnyPackage(INFRASTRUCTURE)))
            .and(not(resideInAPackage(GENERATED)))
            .as("every other package of the service, and Application");

    /** Where generated models may be used: the controllers, their mappers, and Micronaut's converters of a parameter's text to a generated type. */
    private static final DescribedPredicate<JavaClass> CONTROLLERS_MAPPERS_AND_PARAMETER_CONVERTERS = simpleNameEndingWith("Mapper")
            .or(annotatedWith(Controller.class))
            .or(convertersOfParameterTextToAGeneratedType())
            .as("controllers, mappers or converters of a parameter's text to a generated type");

    // docs/design.md#packages: each infrastructure package uses what its row of the table names, and no feature.
    @ArchTest
    static final ArchRule infrastructureUsesOnlyWhatItsRowOfTheTableNames = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("common").definedBy("io.tenantscreening.common..")
            .layer("errors").definedBy("io.tenantscreening.errors..")
            .layer("json").definedBy("io.tenantscreening.json..")
            .layer("contract").definedBy("io.tenantscreening.contract..")
            .layer("web").definedBy("io.tenantscreening.web..")
            .layer("persistence").definedBy("io.tenantscreening.persistence..")
            .layer("crypto").definedBy("io.tenantscreening.crypto..")
            .layer("lists").definedBy("io.tenantscreening.lists..")
            .layer("idempotency").definedBy("io.tenantscreening.idempotency..")
            .layer("pdf").definedBy("io.tenantscreening.pdf..")
            .layer("features").definedBy(FEATURES)
            .whereLayer("common").mayNotAccessAnyLayer()
            .whereLayer("errors").mayNotAccessAnyLayer()
            .whereLayer("json").mayOnlyAccessLayers("errors")
            .whereLayer("contract").mayOnlyAccessLayers("common", "errors", "json")
            .whereLayer("web").mayOnlyAccessLayers("common", "errors", "json", "contract")
            .whereLayer("persistence").mayOnlyAccessLayers("common")
            .whereLayer("crypto").mayOnlyAccessLayers("common", "persistence")
            .whereLayer("lists").mayOnlyAccessLayers("common", "errors", "persistence", "crypto")
            .whereLayer("idempotency").mayOnlyAccessLayers("common", "errors", "persistence", "crypto")
            .whereLayer("pdf").mayNotAccessAnyLayer()
            .because("an arrow never runs from a lower package to a higher one (docs/design.md#packages)");

    // docs/design.md#packages: features follow the same rule; a lower one reaches a higher one through an interface it declares.
    @ArchTest
    static final ArchRule topLevelPackagesFormNoCycle = slices()
            .matching("io.tenantscreening.(*)..")
            .namingSlices("$1")
            .should().beFreeOfCycles()
            .because("a lower package reaches a higher one only through an interface it declares (docs/design.md#packages)");

    // docs/design.md#packages: generated models stop at the controllers and their mappers, and the converters it names.
    @ArchTest
    static final ArchRule onlyControllersAndMappersUseGeneratedModels = noClasses()
            .that(are(not(CONTROLLERS_MAPPERS_AND_PARAMETER_CONVERTERS)))
            .should().dependOnClassesThat().resideInAPackage(GENERATED_MODELS)
            .because("services and repositories never see generated models (docs/design.md#packages)");

    // docs/design.md#packages: a feature reaches another feature through that feature's service, never its tables.
    @ArchTest
    static final ArchRule repositoriesAreUsedOnlyInTheirOwnPackage = classes()
            .that().haveSimpleNameEndingWith("Repository")
            .should(beUsedOnlyInTheirOwnPackageSave(orderRepositoryJoiningAnIncludedRecord()))
            .because("a feature reaches another feature through that feature's service, never its tables (docs/design.md#packages)");

    /** Micronaut's {@code TypeConverter}s from a parameter's text to a generated type ({@code events.EventTypeConverter}). */
    private static DescribedPredicate<JavaClass> convertersOfParameterTextToAGeneratedType() {
        return describe("converters of a parameter's text to a generated type", javaClass -> javaClass.getInterfaces().stream()
                .filter(JavaParameterizedType.class::isInstance)
                .map(JavaParameterizedType.class::cast)
                .anyMatch(type -> {
                    List<JavaType> arguments = type.getActualTypeArguments();
                    return type.toErasure().isEquivalentTo(TypeConverter.class)
                            && arguments.get(0).toErasure().isEquivalentTo(String.class)
                            && resideInAPackage(GENERATED_MODELS).test(arguments.get(1).toErasure());
                }));
    }

    /** OrderRepository taking the column list and row reader of a record an include names, to join it into its own statement. */
    private static DescribedPredicate<Dependency> orderRepositoryJoiningAnIncludedRecord() {
        Set<String> joined = Set.of("io.tenantscreening.applicants.ApplicantRepository",
                "io.tenantscreening.properties.PropertyRepository", "io.tenantscreening.requesters.RequesterRepository");
        return describe("OrderRepository's joins of included records", dependency ->
                dependency.getOriginClass().getName().equals("io.tenantscreening.orders.OrderRepository")
                        && joined.contains(dependency.getTargetClass().getName())
                        && dependency.convertTo(JavaMethodCall.class).stream()
                        .anyMatch(call -> Set.of("joinedColumns", "read").contains(call.getName())));
    }

    private static ArchCondition<JavaClass> beUsedOnlyInTheirOwnPackageSave(DescribedPredicate<Dependency> exception) {
        return new ArchCondition<>("be used only in their own package, save " + exception.getDescription()) {
            @Override
            public void check(JavaClass repository, ConditionEvents events) {
                for (Dependency dependency : repository.getDirectDependenciesToSelf()) {
                    boolean foreign = !dependency.getOriginClass().getPackageName().equals(repository.getPackageName());
                    if (foreign && !exception.test(dependency)) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        };
    }

    /** Leaves out the classes generated from openapi.yaml and Micronaut's compile-time bean definitions ($Foo$Definition…). */
    static final class OwnSourcesOnly implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("/io/tenantscreening/api/") && !location.contains("/$");
        }
    }
}
