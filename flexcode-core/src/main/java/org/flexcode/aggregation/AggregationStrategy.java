package org.flexcode.aggregation;

import java.util.List;
import java.util.Optional;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/**
 * When an iteration may end, and how the finished tasks' results combine: an immutable value,
 * parsed once from a spec ({@link #parse(String)}) or built with the factories, then bound to the
 * data ({@link #bind(int, long[])}) into the decoder the engine asks. The specs:
 *
 * <ul>
 *   <li>{@code bsp}: wait for all n tasks (what MLlib does);
 *   <li>{@code ignore:b=1}: the fastest n - b tasks, rescaled by all records / records aggregated
 *       (approximate); {@code ignore:b=auto,floor=0.75,window=5} chooses b before every iteration
 *       from the last {@code window} iterations' task times, to maximise records aggregated per
 *       second while using at least {@code floor} of the records;
 *   <li>{@code frc:s=1}: fractional repetition code, exact, any s stragglers;
 *   <li>{@code cyclic:s=1}: cyclic repetition code, exact, any s stragglers;
 *   <li>{@code gcdc:s=1,clusters=2}: gradient coding with dynamic clustering; C clusters each an
 *       FRC tolerating s, every task caching its position's blocks in every cluster, the clusters
 *       re-formed before each iteration so that the tasks that straggled last are spread (at most s
 *       per cluster); exact;
 *   <li>{@code shadow:m=1,f=0.1}: uncoded primaries plus m shadow tasks over entropy-rich subsets
 *       of a fraction f of the data; a straggler's block is replaced by its shadow's estimate (up
 *       to m stragglers; add {@code selector=random} for uniform subsets, {@code late=X} to launch
 *       the shadows only once a primary runs X times the median, {@code seed=S} for another
 *       selection);
 *   <li>{@code hybrid:s=1,m=1,f=0.1}: FRC primaries plus shadows; exact when the code decodes,
 *       shadow-covered beyond s stragglers (up to s + m); {@code code=cyclic} for cyclic primaries;
 *   <li>{@code steal:r=3,chunks=4,late=1.5}: each block cut into chunks cached on r executors; idle
 *       executors take chunks not yet started, late chunks get a copy, the first copy of each chunk
 *       counts (exact, no extra compute when nobody straggles);
 *   <li>{@code ssp:staleness=1,b=1}: bounded staleness; an iteration ends once at most b blocks
 *       contributed nothing, a late task keeps running and its result is applied in a later
 *       iteration if at most {@code staleness} iterations old (the engine waits rather than exceed
 *       that); the aggregate is the plain sum of the results applied;
 *   <li>{@code auto:exact=false}: steal's layout ({@code r=3,chunks=4}), and before each iteration
 *       the mode it supports with the lowest predicted time (bsp, steal, or ignore:b keeping at
 *       least {@code floor=0.5} of the records, unless {@code exact=true}), switching on a 10% gain
 *       ({@link Auto});
 *   <li>{@code flexrr:staleness=1}: steal's layout and moves; once every chunk but one has arrived,
 *       the iteration ends without that one, whose result is applied in a later iteration if at
 *       most {@code staleness} iterations old.
 * </ul>
 *
 * Omitted parameters take their family's defaults; {@code parse(x.spec())} equals {@code x}. Each
 * family lives in its own package under {@code org.flexcode.aggregation.strategy} and registers
 * through {@link StrategyFamily}; a strategy from another jar registers the same way.
 */
public interface AggregationStrategy {

  /** An example spec of every registered name, with its defaults (for messages). */
  static String known() {
    return StrategyTable.get().known();
  }

  /**
   * The registered names specs start with: FlexCode's bsp, ignore, frc, cyclic, gcdc, shadow,
   * hybrid, steal, ssp, auto, flexrr, then any registered by another jar ({@link StrategyFamily}).
   */
  static List<String> names() {
    return StrategyTable.get().names();
  }

  /**
   * The strategy used where none is named ({@link StrategyDefaults#STRATEGY}: {@code
   * auto:exact=true}).
   */
  static AggregationStrategy defaultStrategy() {
    return parse(StrategyDefaults.STRATEGY);
  }

  /** Bulk-synchronous: every task must finish. */
  static AggregationStrategy bsp() {
    return parse("bsp");
  }

  /** Backup workers: the fastest n - b tasks, rescaled. */
  static AggregationStrategy ignore(int b) {
    return parse(SpecText.of("ignore").with("b", b).toString());
  }

  /** Fractional repetition code tolerating s stragglers. */
  static AggregationStrategy frc(int s) {
    return coded(CodeKind.FRC, s);
  }

  /** Cyclic repetition code tolerating s stragglers. */
  static AggregationStrategy cyclic(int s) {
    return coded(CodeKind.CYCLIC, s);
  }

  /**
   * Gradient coding with dynamic clustering: {@code clusters} FRC clusters tolerating s stragglers
   * each, re-formed every iteration from the recent straggling.
   */
  static AggregationStrategy gcdc(int s, int clusters) {
    return parse(SpecText.of("gcdc").with("s", s).with("clusters", clusters).toString());
  }

  /** A gradient code of kind {@code code} tolerating s stragglers. */
  static AggregationStrategy coded(CodeKind code, int s) {
    return parse(SpecText.of(code.toString()).with("s", s).toString());
  }

  /** Uncoded primaries plus {@code m} shadows holding a fraction {@code f} of each block. */
  static AggregationStrategy shadow(int m, double f, String selector) {
    return shadow(m, f, selector, StrategyDefaults.SHADOW_LATE);
  }

  /**
   * As {@link #shadow(int, double, String)}; {@code late} >= 1 launches the shadows only once a
   * primary has run {@code late} x the median of the finished ones (0: with the primaries).
   */
  static AggregationStrategy shadow(int m, double f, String selector, double late) {
    return shadow(new ShadowSpec(m, f, selector, StrategyDefaults.SHADOW_SEED, late));
  }

  /** Uncoded primaries plus the shadows {@code shadows}. */
  static AggregationStrategy shadow(ShadowSpec shadows) {
    return parse(shadows.appendTo(SpecText.of("shadow")).toString());
  }

  /** FRC primaries tolerating {@code s} stragglers plus {@code m} shadows of fraction {@code f}. */
  static AggregationStrategy hybrid(int s, int m, double f, String selector) {
    return hybrid(s, m, f, selector, CodeKind.FRC.toString());
  }

  /**
   * Coded primaries ({@code code} = "frc" or "cyclic") tolerating {@code s} stragglers plus {@code
   * m} shadows of fraction {@code f}.
   */
  static AggregationStrategy hybrid(int s, int m, double f, String selector, String code) {
    return hybrid(s, m, f, selector, code, StrategyDefaults.SHADOW_LATE);
  }

  /** As {@link #hybrid(int, int, double, String, String)} with late shadows (see shadow). */
  static AggregationStrategy hybrid(
      int s, int m, double f, String selector, String code, double late) {
    ShadowSpec shadows = new ShadowSpec(m, f, selector, StrategyDefaults.SHADOW_SEED, late);
    return hybrid(CodeKind.parse(code), s, shadows);
  }

  /** Primaries coded by {@code code} tolerating {@code s} stragglers plus {@code shadows}. */
  static AggregationStrategy hybrid(CodeKind code, int s, ShadowSpec shadows) {
    SpecText text = shadows.appendTo(SpecText.of("hybrid").with("s", s));
    return parse(text.with("code", code).toString());
  }

  /**
   * Work stealing over {@code r} cached copies of each of {@code chunks} chunks per block, with
   * late copies after {@code late} x the median chunk time (0: none).
   */
  static AggregationStrategy steal(int r, int chunks, double late) {
    return parse(
        SpecText.of("steal").with("r", r).with("chunks", chunks).with("late", late).toString());
  }

  /**
   * Bounded staleness: results at most {@code staleness} iterations old, at most {@code b} blocks
   * absent from an iteration.
   */
  static AggregationStrategy ssp(int staleness, int b) {
    return parse(SpecText.of("ssp").with("staleness", staleness).with("b", b).toString());
  }

  /**
   * {@code auto}: steal's layout of {@code r} copies of {@code chunks} chunks per block, each
   * iteration in the mode predicted fastest; never an inexact one when {@code exact}.
   */
  static AggregationStrategy auto(boolean exact, int r, int chunks) {
    return parse(
        SpecText.of("auto").with("exact", exact).with("r", r).with("chunks", chunks).toString());
  }

  /**
   * Parses a spec {@code name:key=value,...} with the {@link StrategyFamily} registered for {@code
   * name}: {@code bsp}, {@code ignore:b=B}, {@code ignore:b=auto[,floor=F][,window=W]}, {@code
   * frc:s=S}, {@code cyclic:s=S}, {@code gcdc:s=S,clusters=C}, {@code
   * shadow:m=M,f=F[,selector=entropy|random][,seed=S][,late=X]} or {@code
   * hybrid:s=S,m=M,f=F[,...][,code=frc|cyclic]} or {@code steal:r=R,chunks=C,late=X} or {@code
   * ssp:staleness=K,b=B} or {@code auto:exact=B[,r=R][,chunks=C][,floor=F]} or {@code
   * flexrr:staleness=K[,r=R][,chunks=C]}; omitted parameters take the family's defaults. The error
   * names the spec and the bad name, key or value.
   */
  static AggregationStrategy parse(String spec) {
    return StrategyTable.get().parse(spec);
  }

  /**
   * The one way from a {@code strategy} param (or flag) and its companions to a strategy: a full
   * spec (with a ':') as {@link #parse} reads it, or a bare name from {@link #names} parsed with
   * its defaults and then given the generic {@code params} its family takes ({@link
   * StrategyFamily#withParams}): {@code ignore} and {@code ssp} leave out {@code ignored} results,
   * {@code frc}, {@code cyclic}, {@code gcdc} and {@code hybrid} tolerate {@code tolerance}
   * stragglers, {@code shadow} and {@code hybrid} add the params' shadows. Parses once.
   */
  static AggregationStrategy resolve(String nameOrSpec, StrategyParams params) {
    return StrategyTable.get().resolve(nameOrSpec, params);
  }

  /** The canonical spec, e.g. {@code cyclic:s=1}; {@link #parse} reads it back to this value. */
  String spec();

  /** A short human description, e.g. {@code cyclic s=1}. */
  default String describe() {
    return spec().replace(':', ' ').replace(',', ' ');
  }

  /** Whether the aggregate is the exact full sum whenever the strategy decides. */
  boolean isExact();

  /** The stragglers the primaries' code tolerates (s; 0 for uncoded primaries). */
  default int tolerance() {
    return 0;
  }

  /**
   * How many results an iteration may leave out ({@code b} of {@code ignore:b} and {@code ssp}; 0
   * by default): the strategy needs more tasks than this.
   */
  default int leftOut() {
    return 0;
  }

  /**
   * The fewest primary tasks this strategy runs over, beyond what its tolerance, shadows and {@link
   * #leftOut} ask (1 by default); the engine repartitions a smaller input up to it.
   */
  default int minimumTasks() {
    return 1;
  }

  /** The number of tasks must be a multiple of this (s+1 for {@code frc}, else 1). */
  default int taskMultiple() {
    return 1;
  }

  /** The shadow tasks this strategy adds after the primaries ({@link ShadowSpec#NONE} if none). */
  default ShadowSpec shadows() {
    return ShadowSpec.NONE;
  }

  /** Whether this strategy adds shadow tasks. */
  default boolean hasShadows() {
    return shadows().count() > 0;
  }

  /**
   * This strategy's primaries with {@code shadows} added (or replaced): {@code bsp} becomes {@code
   * shadow}, a code becomes {@code hybrid}. By default the strategy takes no shadows and says so
   * ({@link IllegalArgumentException}), as {@code ignore} does.
   */
  default AggregationStrategy withShadows(ShadowSpec shadows) {
    throw new IllegalArgumentException(spec() + " takes no shadow tasks");
  }

  /**
   * The code that lays blocks out over {@code numTasks} primary tasks; by default the uncoded one
   * (task j holds block j).
   */
  default GradientCode code(int numTasks) {
    return GradientCode.uncoded(numTasks);
  }

  /**
   * The blocks each primary task caches, or null for the rows of {@code code} (what {@code gcdc}
   * changes: a task caches its slot in every cluster it may join).
   */
  default int[][] cachedBlocks(GradientCode code) {
    return null;
  }

  /**
   * Binds this strategy to data of {@code numTasks} blocks with {@code blockRecords[j]} records in
   * block j: the decoder owning its code.
   */
  default BoundStrategy bind(int numTasks, long[] blockRecords) {
    return bind(code(numTasks), blockRecords);
  }

  /** As {@link #bind(int, long[])} over a code already built by {@link #code(int)}. */
  BoundStrategy bind(GradientCode code, long[] blockRecords);

  /**
   * This strategy as the capability {@code type} (an interface the engine or a layout defines, such
   * as a layout or launches of its own), if it has it.
   */
  default <C> Optional<C> capability(Class<C> type) {
    return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
  }
}
