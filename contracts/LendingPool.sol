// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title LendingPool
/// @notice A minimal single-asset money market (Compound/Aave-style): suppliers earn interest paid
/// by borrowers, who post one collateral token. Gives the local market real lending flows and rates
/// that move with utilisation.
/// @dev Interest accrues per second through a borrow index; the rate follows a kinked ("jump")
/// model. Collateral is valued at an owner-set price; there are no liquidations.
contract LendingPool is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    uint256 private constant WAD = 1e18;
    uint256 public constant SECONDS_PER_YEAR = 365 days;
    /// @notice Borrow rate at zero utilisation (2% a year).
    uint256 public constant BASE_RATE = 0.02e18;
    /// @notice Rate added per unit of utilisation up to the kink (10% a year at 100%).
    uint256 public constant SLOPE1 = 0.1e18;
    /// @notice Steeper rate added per unit of utilisation above the kink (100% a year at 100%).
    uint256 public constant SLOPE2 = 1e18;
    /// @notice Utilisation where the steep slope starts (80%).
    uint256 public constant KINK = 0.8e18;
    /// @notice Share of interest kept by the pool instead of paid to suppliers (10%).
    uint256 public constant RESERVE_FACTOR = 0.1e18;
    /// @notice Debt may reach this share of the collateral's value (75%).
    uint256 public constant LTV = 0.75e18;

    IERC20 public immutable asset;
    IERC20 public immutable collateralToken;
    uint256 private immutable _collateralUnit;

    /// @notice Price of one whole collateral token, in asset base units (e.g. 3000e6 USDC per WETH).
    uint256 public collateralPriceE18;

    /// @notice Grows with accrued interest; a debt is its scaled amount times this index (1e18 = 1).
    uint256 public borrowIndex = WAD;
    /// @notice When interest was last accrued.
    uint256 public lastAccrual;
    /// @notice Interest kept by the pool; not owed to suppliers.
    uint256 public totalReserves;

    /// @dev Asset held for suppliers and reserves; tracked, not read from balanceOf, so donations
    /// cannot move the share price.
    uint256 private _cash;
    uint256 private _totalScaledDebt;
    mapping(address user => uint256) private _scaledDebt;

    /// @notice Supply shares; a share's value grows as interest accrues.
    uint256 public totalShares;
    mapping(address user => uint256) public sharesOf;
    mapping(address user => uint256) public collateralOf;

    event Supplied(address indexed user, uint256 amount);
    event Withdrawn(address indexed user, uint256 amount);
    event Borrowed(address indexed user, uint256 amount);
    event Repaid(address indexed user, uint256 amount);
    event CollateralDeposited(address indexed user, uint256 amount);
    event CollateralWithdrawn(address indexed user, uint256 amount);
    event CollateralPriceUpdated(uint256 price);

    error ZeroAmount();
    error SameToken();
    error InsufficientLiquidity();
    error InsufficientBalance();
    error InsufficientCollateral();

    /// @notice Sets the borrowable `asset_`, the `collateral_` token and the price-setting owner.
    constructor(address asset_, address collateral_, address owner_) Ownable(owner_) {
        if (asset_ == collateral_) revert SameToken();
        asset = IERC20(asset_);
        collateralToken = IERC20(collateral_);
        _collateralUnit = 10 ** IERC20Metadata(collateral_).decimals();
        lastAccrual = block.timestamp;
    }

    // ---- owner ----

    /// @notice Updates the collateral price (the pool's oracle), in asset units per whole token.
    function setCollateralPrice(uint256 price) external onlyOwner {
        collateralPriceE18 = price;
        emit CollateralPriceUpdated(price);
    }

    // ---- suppliers ----

    /// @notice Deposits `amount` of the asset and receives supply shares.
    function supply(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        _accrue();
        uint256 supplied = _totalSupplied(borrowIndex, totalReserves);
        uint256 shares = totalShares == 0 || supplied == 0 ? amount : (amount * totalShares) / supplied;
        if (shares == 0) revert ZeroAmount();
        totalShares += shares;
        sharesOf[msg.sender] += shares;
        _cash += amount;
        asset.safeTransferFrom(msg.sender, address(this), amount);
        emit Supplied(msg.sender, amount);
    }

    /// @notice Withdraws `amount` of the asset (`type(uint256).max`: everything), burning shares.
    function withdraw(uint256 amount) external nonReentrant {
        _accrue();
        uint256 supplied = _totalSupplied(borrowIndex, totalReserves);
        uint256 shares;
        if (amount == type(uint256).max) {
            shares = sharesOf[msg.sender];
            amount = totalShares == 0 ? 0 : (shares * supplied) / totalShares;
        } else {
            // Round shares up so a withdrawal never takes more than it burns.
            shares = totalShares == 0 ? 0 : Math.mulDiv(amount, totalShares, supplied, Math.Rounding.Ceil);
        }
        if (amount == 0) revert ZeroAmount();
        if (shares > sharesOf[msg.sender]) revert InsufficientBalance();
        if (amount > _cash) revert InsufficientLiquidity();
        sharesOf[msg.sender] -= shares;
        totalShares -= shares;
        _cash -= amount;
        asset.safeTransfer(msg.sender, amount);
        emit Withdrawn(msg.sender, amount);
    }

    // ---- borrowers ----

    /// @notice Posts `amount` of the collateral token.
    function depositCollateral(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        collateralOf[msg.sender] += amount;
        collateralToken.safeTransferFrom(msg.sender, address(this), amount);
        emit CollateralDeposited(msg.sender, amount);
    }

    /// @notice Takes back `amount` of collateral, as long as the remaining debt stays covered.
    function withdrawCollateral(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        if (amount > collateralOf[msg.sender]) revert InsufficientBalance();
        _accrue();
        collateralOf[msg.sender] -= amount;
        if (!_healthy(msg.sender)) revert InsufficientCollateral();
        collateralToken.safeTransfer(msg.sender, amount);
        emit CollateralWithdrawn(msg.sender, amount);
    }

    /// @notice Borrows `amount` of the asset against posted collateral (up to 75% of its value).
    function borrow(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        _accrue();
        if (amount > _cash) revert InsufficientLiquidity();
        // Round the scaled debt up so a borrower never owes less than it took.
        uint256 scaled = Math.mulDiv(amount, WAD, borrowIndex, Math.Rounding.Ceil);
        _scaledDebt[msg.sender] += scaled;
        _totalScaledDebt += scaled;
        if (!_healthy(msg.sender)) revert InsufficientCollateral();
        _cash -= amount;
        asset.safeTransfer(msg.sender, amount);
        emit Borrowed(msg.sender, amount);
    }

    /// @notice Repays up to `amount` of the caller's debt (more than owed repays exactly the debt).
    function repay(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        _accrue();
        uint256 debt = _debt(_scaledDebt[msg.sender], borrowIndex);
        if (debt == 0) revert ZeroAmount();
        uint256 scaled;
        if (amount >= debt) {
            amount = debt;
            scaled = _scaledDebt[msg.sender];
        } else {
            scaled = (amount * WAD) / borrowIndex;
        }
        _scaledDebt[msg.sender] -= scaled;
        _totalScaledDebt -= scaled;
        _cash += amount;
        asset.safeTransferFrom(msg.sender, address(this), amount);
        emit Repaid(msg.sender, amount);
    }

    // ---- views (all include interest accrued up to now) ----

    /// @notice What suppliers own: cash plus outstanding debt, minus reserves.
    function totalSupplied() public view returns (uint256) {
        (uint256 index, uint256 reserves) = _accrued();
        return _totalSupplied(index, reserves);
    }

    /// @notice Outstanding debt of all borrowers.
    function totalBorrowed() public view returns (uint256) {
        (uint256 index,) = _accrued();
        return _debt(_totalScaledDebt, index);
    }

    /// @notice Share of supplied funds that is lent out (1e18 = 100%).
    function utilization() public view returns (uint256) {
        (uint256 index, uint256 reserves) = _accrued();
        return _utilization(_debt(_totalScaledDebt, index), _totalSupplied(index, reserves));
    }

    /// @notice Current yearly borrow rate (1e18 = 100%).
    function borrowRatePerYear() public view returns (uint256) {
        return _borrowRate(utilization());
    }

    /// @notice Current yearly supply rate: borrow rate × utilisation × (1 − reserve factor).
    function supplyRatePerYear() external view returns (uint256) {
        uint256 u = utilization();
        return (((_borrowRate(u) * u) / WAD) * (WAD - RESERVE_FACTOR)) / WAD;
    }

    /// @notice Asset `user` could withdraw if liquidity allowed.
    function supplyBalanceOf(address user) external view returns (uint256) {
        if (totalShares == 0) return 0;
        return (sharesOf[user] * totalSupplied()) / totalShares;
    }

    /// @notice What `user` owes now.
    function debtOf(address user) external view returns (uint256) {
        (uint256 index,) = _accrued();
        return _debt(_scaledDebt[user], index);
    }

    // ---- internals ----

    function _accrue() private {
        (borrowIndex, totalReserves) = _accrued();
        lastAccrual = block.timestamp;
    }

    /// @dev Index and reserves as of now: simple interest since the last accrual at the rate that
    /// held then, compounded at every accrual.
    function _accrued() private view returns (uint256 index, uint256 reserves) {
        index = borrowIndex;
        reserves = totalReserves;
        uint256 elapsed = block.timestamp - lastAccrual;
        if (elapsed == 0 || _totalScaledDebt == 0) return (index, reserves);
        uint256 debtBefore = _debt(_totalScaledDebt, index);
        uint256 rate = _borrowRate(_utilization(debtBefore, _totalSupplied(index, reserves)));
        index += (index * rate * elapsed) / (SECONDS_PER_YEAR * WAD);
        uint256 interest = _debt(_totalScaledDebt, index) - debtBefore;
        reserves += (interest * RESERVE_FACTOR) / WAD;
    }

    function _totalSupplied(uint256 index, uint256 reserves) private view returns (uint256) {
        uint256 gross = _cash + _debt(_totalScaledDebt, index);
        return gross > reserves ? gross - reserves : 0;
    }

    function _utilization(uint256 borrowed, uint256 supplied) private pure returns (uint256) {
        if (borrowed == 0 || supplied == 0) return 0;
        return Math.min((borrowed * WAD) / supplied, WAD);
    }

    /// @dev Kinked model: BASE + SLOPE1·min(U, KINK) + SLOPE2·max(U − KINK, 0).
    function _borrowRate(uint256 u) private pure returns (uint256) {
        if (u <= KINK) return BASE_RATE + (SLOPE1 * u) / WAD;
        return BASE_RATE + (SLOPE1 * KINK) / WAD + (SLOPE2 * (u - KINK)) / WAD;
    }

    /// @dev Debt from a scaled amount, rounded up so the pool is never owed less than it lent.
    function _debt(uint256 scaled, uint256 index) private pure returns (uint256) {
        return Math.mulDiv(scaled, index, WAD, Math.Rounding.Ceil);
    }

    /// @dev Debt must not exceed the collateral's value times the LTV.
    function _healthy(address user) private view returns (bool) {
        uint256 debt = _debt(_scaledDebt[user], borrowIndex);
        if (debt == 0) return true;
        uint256 value = Math.mulDiv(collateralOf[user], collateralPriceE18, _collateralUnit);
        return debt <= (value * LTV) / WAD;
    }
}
