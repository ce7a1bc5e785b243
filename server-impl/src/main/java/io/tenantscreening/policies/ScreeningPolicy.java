package io.tenantscreening.policies;

import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.KeysetPager;

import java.time.Instant;

/** A screening policy as stored: named criteria, whether it is its tenant's default, and when it was archived (null while usable). */
public record ScreeningPolicy(String id, Mode mode, String name, Criteria criteria, boolean isDefault, Instant createdAt,
                              Instant archivedAt) implements KeysetPager.Positioned {

    public boolean archived() {
        return archivedAt != null;
    }
}
